/** The local stack scripts/test.mts started: its API, as the demo admin (results are made through the API). */

const {
  PICKEM_API_URL: apiUrl,
  PICKEM_ADMIN_TOKEN: adminToken,
  PICKEM_DEMO_PASSWORD,
  PICKEM_DEMO_EMAIL,
  PICKEM_OUTBOX_URL,
} = process.env;
if (!apiUrl || !adminToken || !PICKEM_DEMO_PASSWORD || !PICKEM_DEMO_EMAIL || !PICKEM_OUTBOX_URL)
  throw new Error('Run the screen tests with `npm test -w mobile`: it starts the local stack first.');

/** The demo users' password and sign-in names (scripts/local-user-pool.ts). */
export const DEMO_PASSWORD = PICKEM_DEMO_PASSWORD;
export const demoEmail = (user: string) => PICKEM_DEMO_EMAIL.replace('{user}', user);

/** The local outbox, where the user pool's codes arrive (scripts/outbox-code.ts reads them). */
export const OUTBOX_URL = PICKEM_OUTBOX_URL;

/** One GraphQL call as the demo admin; throws on any error. */
export async function asAdmin<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(apiUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: adminToken! },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}
