/**
 * AppSync's real-time WebSocket protocol for GraphQL subscriptions, as AWS documents it in "Building a
 * real-time WebSocket client" (real-time-websocket-client.html): the messages, the authorization
 * header carried by the handshake, and the limits. Messages are JSON text frames.
 *
 * client → server: connection_init, start {id, payload: {data: '{"query","variables"}',
 *   extensions: {authorization: {...headers}}}}, stop {id}
 * server → client: connection_ack {payload: {connectionTimeoutMs}}, ka, start_ack {id},
 *   data {id, payload: {data}}, complete {id}, error {id?, payload: {errors}}, connection_error
 */
import { MAX_SUBSCRIPTION_MESSAGE_BYTES } from 'appsync-cloud';
import { HEADER_PROTOCOL_PREFIX } from './wire.ts';
import { lowerCaseHeaders } from '../graphql/request.ts';

export interface RealtimeLimits {
  /**
   * The largest message either way, in bytes: AppSync's WebSocket message payload quota is 240 KB
   * (appsync.html, "AWS AppSync endpoints and quotas"). A larger incoming frame closes the connection
   * with 1009 (message too big), as RFC 6455 says.
   */
  maxMessageBytes: number;
  /** AppSync's default "Subscriptions per connection" quota is 100 (appsync.html, quoted in re:Post QU2tphAPAwQ1WpEp0DlTtGog). */
  maxSubscriptionsPerConnection: number;
  /** Sent in connection_ack: AppSync's value, 300000 (the default Amplify assumes too, DEFAULT_KEEP_ALIVE_TIMEOUT). */
  connectionTimeoutMs: number;
  /**
   * How often `ka` is sent: AppSync does not document it; once a minute *(guess)*. AWS's client guide
   * makes `connection_init` optional and has AppSync send `ka` periodically, so `ka` starts when the
   * handshake is accepted, not at `connection_init` *(guess)*.
   */
  keepAliveMs: number;
  /**
   * A connection that has sent no message (no `connection_init`, no `start`) this long after its
   * handshake is closed: AppSync documents no such deadline; 30 s *(guess)*, half the `ka` period.
   */
  connectionInitTimeoutMs: number;
  /** A client whose unsent messages pass this many bytes (as it would receive them) is too slow and is disconnected. */
  maxBufferedBytes: number;
  /**
   * What all connections together may have queued to send, in bytes as their clients would receive
   * them; past it the slowest readers are cut off first (`send-budget.ts`). Not an AppSync figure
   * (AppSync scales out): 64 MB, four slow readers' worth.
   */
  maxTotalBufferedBytes: number;
  /**
   * The longest subscription document (the `query` of a start), in characters: 32 KB *(guess)*, the
   * document cache's bound (MAX_CACHED_QUERY_CHARS), so identical subscriptions share one parsed
   * document. A parsed document takes tens of times its text; a client's subscription is a few KB.
   */
  maxSubscriptionDocumentChars: number;
  /** The distinct subscription documents all live subscriptions may keep, in characters of text: 1 MB *(guess)*. */
  maxSubscriptionDocumentsChars: number;
  /** Real-time connections one identity (user, IAM principal or API key) may keep open: 200 *(guess)*. */
  maxConnectionsPerIdentity: number;
  /** Real-time connections the API keeps open in all: 1,000 *(guess)*. */
  maxConnections: number;
}

export const APPSYNC_REALTIME_LIMITS: RealtimeLimits = {
  maxMessageBytes: MAX_SUBSCRIPTION_MESSAGE_BYTES,
  maxSubscriptionsPerConnection: 100,
  connectionTimeoutMs: 300_000,
  keepAliveMs: 60_000,
  connectionInitTimeoutMs: 30_000,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxTotalBufferedBytes: 64 * 1024 * 1024,
  maxSubscriptionDocumentChars: 32 * 1024,
  maxSubscriptionDocumentsChars: 1024 * 1024,
  maxConnectionsPerIdentity: 200,
  maxConnections: 1000,
};

/**
 * What a start or a connection over one of the local bounds above gets *(guess: AppSync documents
 * `MaxSubscriptionsReachedError` for its subscriptions-per-connection quota, and none of these)*.
 */
export const limitExceeded = (message: string): ProtocolError => ({ errorType: 'LimitExceededError', message });

export interface ProtocolError {
  errorType: string;
  message: string;
  errorCode?: number;
}

export type ServerMessage =
  | { type: 'connection_ack'; payload: { connectionTimeoutMs: number } }
  | { type: 'connection_error'; payload: { errors: ProtocolError[] } }
  | { type: 'ka' }
  | { type: 'start_ack'; id: string }
  | { type: 'data'; id: string; payload: { data: unknown; errors?: unknown[] } }
  | { type: 'complete'; id: string }
  | { type: 'error'; id?: string; payload: { errors: unknown[] } };

export type ClientMessage =
  | { type: 'connection_init' }
  | { type: 'start'; id: string; payload: { data: string; extensions?: { authorization?: Record<string, unknown> } } }
  | { type: 'stop'; id: string };

/** Subscription ids: Amplify sends UUIDs; anything printable up to 128 characters is taken *(guess)*. */
const ID = /^[\x21-\x7e]{1,128}$/;

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; id?: string; error: ProtocolError };

/**
 * One incoming frame. AppSync's answers to a malformed frame and to an unknown type are not documented;
 * they are `error` messages with these error types *(guess)*.
 */
export function parseClientMessage(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: { errorType: 'MalformedMessage', message: 'The message is not valid JSON.' } };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: { errorType: 'MalformedMessage', message: 'The message must be a JSON object.' } };
  }
  const m = value as Record<string, unknown>;
  const id = typeof m.id === 'string' && ID.test(m.id) ? m.id : undefined;
  if (m.type === 'connection_init') return { ok: true, message: { type: 'connection_init' } };
  if (m.type === 'start' || m.type === 'stop') {
    if (!id)
      return {
        ok: false,
        error: {
          errorType: 'MalformedMessage',
          message: `A ${m.type} message needs an id (1 to 128 printable characters).`,
        },
      };
    if (m.type === 'stop') return { ok: true, message: { type: 'stop', id } };
    const payload = m.payload as Record<string, unknown> | undefined;
    if (!payload || typeof payload !== 'object' || typeof payload.data !== 'string') {
      return {
        ok: false,
        id,
        error: {
          errorType: 'MalformedMessage',
          message: 'A start message needs payload.data, the operation as a JSON string.',
        },
      };
    }
    return { ok: true, message: m as ClientMessage };
  }
  return {
    ok: false,
    id,
    error: {
      errorType: 'UnsupportedOperation',
      message: `${typeof m.type === 'string' ? m.type.slice(0, 64) : 'unknown'} not supported through the realtime channel`,
    },
  };
}

function decodeBase64Json(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The authorization headers of the handshake, lower-cased. AWS documents them as the base64 JSON of
 * the headers in the `header` query parameter (with `payload=e30=`, base64 of `{}`); aws-amplify 6
 * sends them as a sub-protocol `header-<base64url>` next to `graphql-ws` (AWSWebSocketProvider,
 * `_initializeWebSocketConnection`). Both are read; the sub-protocol wins. Null when neither is given.
 */
export function handshakeHeaders(url: URL, protocols: string[]): Record<string, string> | null {
  const fromProtocol = protocols.find((p) => p.startsWith(HEADER_PROTOCOL_PREFIX));
  const fromQuery = url.searchParams.get('header');
  const decoded = fromProtocol
    ? decodeBase64Json(fromProtocol.slice(HEADER_PROTOCOL_PREFIX.length))
    : fromQuery
      ? decodeBase64Json(fromQuery)
      : null;
  return decoded ? lowerCaseHeaders(decoded) : null;
}
