/** The one API client of the app, typed by the generated documents of @pickem/client. */
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession } from 'aws-amplify/auth';
import { answerEarly, type EarlyQuery } from './early-queries.ts';

export const client = generateClient();

// A query the page sent before this script arrived (early-queries.ts) is answered from there, once.
const amplifyGraphql = client.graphql;
client.graphql = ((options: EarlyQuery, headers?: Record<string, string>) =>
  answerEarly(options, () => amplifyGraphql.call(client, options as never, headers))) as typeof client.graphql;

export * as queries from '@pickem/client/graphql/queries';
export * as mutations from '@pickem/client/graphql/mutations';
export * as subscriptions from '@pickem/client/graphql/subscriptions';
export type * from '@pickem/client/graphql/types';
export { ADMIN_GROUP } from '@pickem/client/groups';

/** A failed call's message in plain words: @pickem/client/messages, shared with the React Native app. */
export { errorText } from '@pickem/client/messages';

/** A hand-written document typed like the generated ones (its variables and its result). */
export type { Typed } from '@pickem/client/documents';

/** The signed-in user's Cognito groups, from the access token (the API checks them again). */
export async function myGroups(): Promise<string[]> {
  const { tokens } = await fetchAuthSession();
  const groups = tokens?.accessToken.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}
