/**
 * Queries the page sends before the app's script arrives (a script inlined into index.html at build
 * time: app/early-script.ts), and the app's client taking their answers. On a phone's link each request
 * waits a round trip of over half a second: sent with the page, a screen's first queries travel while
 * the app's script downloads instead of after it. A query sent early is answered once, to the first
 * matching call; anything amiss (no tokens, a token about to expire, an HTTP or GraphQL error) and the
 * call goes through Amplify's client as usual, which refreshes tokens and reports errors.
 */

/** A query as the app's client is given it (GraphQL document and variables). */
export interface EarlyQuery {
  query: string;
  variables?: Record<string, unknown>;
}

interface Answer {
  data: unknown;
}

declare global {
  interface Window {
    /** The answers of the queries sent early, by earlyKey; null when one could not be used. */
    pickemEarly?: Map<string, Promise<Answer | null>>;
  }
}

/** The same query and variables give the same key, whatever their order (an undefined variable is null). */
const earlyKey = ({ query, variables = {} }: EarlyQuery) =>
  JSON.stringify([
    query,
    Object.keys(variables)
      .sort()
      .map((name) => [name, variables[name] ?? null]),
  ]);

/** Amplify Auth's keys in localStorage (a Cognito user pool's tokens). */
const AUTH_PREFIX = 'CognitoIdentityServiceProvider';
/** A token expiring within this is left to Amplify to refresh. */
const EXPIRY_MARGIN_MS = 60_000;

interface Outputs {
  auth?: { user_pool_client_id?: string };
  data?: { url?: string; default_authorization_type?: string };
}

/** The signed-in player's access token from Amplify's store, while it has over a minute to run. */
function accessToken(clientId: string): string | null {
  const prefix = `${AUTH_PREFIX}.${clientId}`;
  const user = localStorage.getItem(`${prefix}.LastAuthUser`);
  const token = user && localStorage.getItem(`${prefix}.${user}.accessToken`);
  if (!token) return null;
  const { exp } = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
  const drift = Number(localStorage.getItem(`${prefix}.${user}.clockDrift`)) || 0;
  return typeof exp === 'number' && Date.now() + drift + EXPIRY_MARGIN_MS < exp * 1000 ? token : null;
}

/**
 * Sends `queries` to the API as the signed-in player, once the page's amplify_outputs.json
 * (`window.pickemOutputs`, index.html) is in. Sends nothing for a visitor who is not signed in.
 */
export function sendEarlyQueries(queries: EarlyQuery[]): void {
  const outputs = window.pickemOutputs?.then((res) => res.clone().json() as Promise<Outputs>);
  if (!outputs) return;
  const answers = new Map<string, Promise<Answer | null>>();
  const sent = outputs.then((o) => {
    const url = o.data?.url;
    const clientId = o.auth?.user_pool_client_id;
    if (!url || !clientId || o.data?.default_authorization_type !== 'AMAZON_COGNITO_USER_POOLS') return null;
    const token = accessToken(clientId);
    return token ? { url, token } : null;
  });
  for (const q of queries)
    answers.set(
      earlyKey(q),
      sent
        .then(async (to) => {
          if (!to) return null;
          const res = await fetch(to.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: to.token },
            body: JSON.stringify({ query: q.query, variables: q.variables ?? {} }),
          });
          const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
          return res.ok && body.data && !body.errors?.length ? { data: body.data } : null;
        })
        .catch(() => null),
    );
  window.pickemEarly = answers;
}

/**
 * The answer of `query` if the page sent it early (taken once), else `call()`: Amplify's own request.
 * With nothing sent early, `call()` runs at once and its result is returned as is (a subscription's
 * Observable included).
 */
export function answerEarly<R>(query: EarlyQuery, call: () => R): R {
  const key = earlyKey(query);
  const early = window.pickemEarly?.get(key);
  if (!early) return call();
  window.pickemEarly!.delete(key);
  return early.then((answer) => answer ?? call()) as R;
}
