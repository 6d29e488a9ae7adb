/** The one API client of the app, typed by the generated documents in client/graphql/. */
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession } from 'aws-amplify/auth';

export const client = generateClient();

export * as queries from '../../client/graphql/queries.ts';
export * as mutations from '../../client/graphql/mutations.ts';
export * as subscriptions from '../../client/graphql/subscriptions.ts';
export type * from '../../client/graphql/types.ts';

/** The message of a failed call: GraphQL errors (with their errorType) or a thrown Error. */
export function errorText(err: unknown): string {
  const errors = (err as { errors?: { message: string; errorType?: string }[] })?.errors;
  if (errors?.length) return errors.map((e) => (e.errorType ? `${e.errorType}: ${e.message}` : e.message)).join('; ');
  return err instanceof Error ? err.message : String(err);
}

export const ADMIN_GROUP = 'admin';

/** The signed-in user's Cognito groups, from the access token (the API checks them again). */
export async function myGroups(): Promise<string[]> {
  const { tokens } = await fetchAuthSession();
  const groups = tokens?.accessToken.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}
