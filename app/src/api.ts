/** The one API client of the app, typed by the generated documents of @pickem/client. */
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession } from 'aws-amplify/auth';
import { plainMessage } from '@pickem/client/messages';

export const client = generateClient();

export * as queries from '@pickem/client/graphql/queries';
export * as mutations from '@pickem/client/graphql/mutations';
export * as subscriptions from '@pickem/client/graphql/subscriptions';
export type * from '@pickem/client/graphql/types';
export { ADMIN_GROUP } from '@pickem/client/groups';

/** The message of a failed call: its GraphQL errors in plain words (@pickem/client/messages), each once, or a thrown Error's. */
export function errorText(err: unknown): string {
  const errors = (err as { errors?: { message: string; errorType?: string }[] })?.errors;
  if (errors?.length) return [...new Set(errors.map(plainMessage))].join(' ');
  return err instanceof Error ? err.message : String(err);
}

/** A hand-written document typed like the generated ones (its variables and its result). */
export type Typed<Variables, Result> = string & { __generatedQueryInput: Variables; __generatedQueryOutput: Result };

/** The signed-in user's Cognito groups, from the access token (the API checks them again). */
export async function myGroups(): Promise<string[]> {
  const { tokens } = await fetchAuthSession();
  const groups = tokens?.accessToken.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}
