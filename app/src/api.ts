/** The one API client of the app, typed by the generated documents of @pickem/client. */
import { fetchAuthSession } from 'aws-amplify/auth';
import { answerEarly, type EarlyQuery } from './early-queries.ts';

/**
 * Amplify's API client (its GraphQL parser, the model client, the real-time provider and RxJS) loads
 * beside the app rather than in its first script, which the events list does not wait for: its first
 * queries are answered by the page's early requests (early-queries.ts). Queries and mutations only;
 * live updates subscribe through @pickem/client's own followers.
 */
const amplify = import('aws-amplify/api').then((api) => api.generateClient());
type AmplifyClient = Awaited<typeof amplify>;

export const client = {
  graphql: ((options: EarlyQuery, headers?: Record<string, string>) =>
    answerEarly(options, () => amplify.then((c) => c.graphql(options as never, headers)))) as AmplifyClient['graphql'],
};

export * as queries from '@pickem/client/graphql/queries';
export * as mutations from '@pickem/client/graphql/mutations';
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
