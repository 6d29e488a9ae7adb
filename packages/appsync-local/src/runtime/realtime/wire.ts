/**
 * The names and the handshake format of AppSync's real-time endpoint that both sides use: the server
 * (protocol.ts) and the clients (the explorer page, whose browser bundle must not load Node-only code;
 * the benchmark's and the tests' protocol-level clients).
 */
export const SUBPROTOCOL = 'graphql-ws';
/** The real-time path Amplify derives from a GraphQL URL that is not an AppSync domain (`/graphql/realtime`). */
export const REALTIME_PATHS = ['/graphql/realtime', '/graphql'];
/** aws-amplify 6 carries the handshake's authorization headers as a second sub-protocol with this prefix. */
export const HEADER_PROTOCOL_PREFIX = 'header-';

/** base64url without padding (RFC 4648 §5): a sub-protocol must be an HTTP token, so no `+`, `/` or `=`. */
function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The sub-protocols of a handshake carrying `headers`, as aws-amplify 6 sends them. */
export function handshakeProtocols(headers: Record<string, string>): string[] {
  return [SUBPROTOCOL, `${HEADER_PROTOCOL_PREFIX}${base64Url(JSON.stringify(headers))}`];
}
