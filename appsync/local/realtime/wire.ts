/**
 * The names of AppSync's real-time endpoint that both sides use: the server (protocol.ts) and the
 * explorer page, whose browser bundle must not load Node-only code.
 */
export const SUBPROTOCOL = 'graphql-ws';
/** The real-time path Amplify derives from a GraphQL URL that is not an AppSync domain (`/graphql/realtime`). */
export const REALTIME_PATHS = ['/graphql/realtime', '/graphql'];
