/** The one API client of the app, typed by the generated documents of @pickem/client. */
import { generateClient } from 'aws-amplify/api';

export const client = generateClient();

export * as queries from '@pickem/client/graphql/queries';
export * as mutations from '@pickem/client/graphql/mutations';
export * as subscriptions from '@pickem/client/graphql/subscriptions';
export { errorText } from '@pickem/client/messages';
