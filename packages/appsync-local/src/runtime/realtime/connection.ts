/**
 * One real-time WebSocket connection. The handshake's authorization header (see `handshakeHeaders`) is
 * checked when the connection opens; a refused one gets `connection_error` with AppSync's error (the
 * 401 `UnauthorizedException` recorded in aws-amplify/amplify-flutter#2763) and the socket is closed.
 * `connection_init` (optional, as AWS documents) is answered with `connection_ack`, then `ka` keeps the
 * connection alive. Each `start` is authenticated again from its own `extensions.authorization` (a
 * subscription may use another auth mode than the connection) and answered `start_ack` or `error`;
 * `stop` is answered `complete`. One client's bad frames get `error` messages and never stop the server.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { AuthenticationResult } from '../auth/authenticate.ts';
import type { GraphQLRequest } from '../graphql/execute.ts';
import type { RequestAuth } from '../types.ts';
import type { ConnectionCounter } from './connection-limits.ts';
import { identityKey } from './connection-limits.ts';
import { connectionSender } from './connection-sender.ts';
import { isLive, startOnConnection, type StartContext } from './connection-start.ts';
import { handshakeHeaders, limitExceeded, parseClientMessage, type RealtimeLimits } from './protocol.ts';
import type { SendBudget } from './send-budget.ts';
import type { StartResult, Subscription, SubscriptionRegistry } from './subscriptions.ts';

/** A refused connection that sends nothing is closed after this long *(guess)*. */
const REFUSED_IDLE_MS = 10_000;

/** What a connection needs of the API (LocalApi.realtime). */
export interface RealtimeApi {
  registry: SubscriptionRegistry;
  limits: RealtimeLimits;
  /** What all connections may have queued to send (limits.maxTotalBufferedBytes). */
  sendBudget: SendBudget;
  /** The open connections, in total and per identity (limits.maxConnections, maxConnectionsPerIdentity). */
  connections: ConnectionCounter;
  authenticate(headers: Record<string, string>, sourceIp: string): Promise<AuthenticationResult>;
  start(request: GraphQLRequest, auth: RequestAuth, headers: Record<string, string>): Promise<StartResult>;
}

/** The handshake's headers, from the `header` query parameter or the `sec-websocket-protocol` list. */
function connectionHeadersOf(req: IncomingMessage, url: URL): Record<string, string> {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  return handshakeHeaders(url, protocols) ?? {};
}

/** A connection over the server's total is refused at once, before anything else; true when it was. */
function refusedWhenFull(api: RealtimeApi, ws: WebSocket): boolean {
  const full = api.connections.open();
  if (!full) return false;
  ws.send(
    JSON.stringify({ type: 'connection_error', payload: { errors: [{ ...limitExceeded(full), errorCode: 429 }] } }),
  );
  ws.close(1000);
  return true;
}

/**
 * The handshake's authorization, then the identity's share of connections (known only once the token
 * is): a crowded identity is refused like a bad token. `onIdentity` learns the place taken.
 */
function authenticateHandshake(
  api: RealtimeApi,
  headers: Record<string, string>,
  sourceIp: string,
  isClosed: () => boolean,
  onIdentity: (key: string) => void,
): Promise<AuthenticationResult> {
  return api.authenticate(headers, sourceIp).then((result): AuthenticationResult => {
    // Closed meanwhile: its place is given back already.
    if (!result.ok || isClosed()) return result;
    const key = identityKey(result.auth, headers);
    const crowded = api.connections.identify(key);
    if (crowded) return { ok: false, status: 403, body: { errors: [limitExceeded(crowded)] } };
    onIdentity(key);
    return result;
  });
}

/** `url`: the handshake's target, parsed by the caller (`io/request-url.ts`, which refuses one that is no URL). */
export function acceptConnection(api: RealtimeApi, ws: WebSocket, req: IncomingMessage, url: URL): void {
  if (refusedWhenFull(api, ws)) return;
  const { registry, limits } = api;
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  let closed = false;
  const isClosed = () => closed;
  let identity: string | null = null;
  const authenticated = authenticateHandshake(api, connectionHeadersOf(req, url), sourceIp, isClosed, (key) => {
    identity = key;
  });

  const sender = connectionSender(ws, req.socket, limits, api.sendBudget, isClosed);
  const { send } = sender;
  api.sendBudget.add(sender.outbound);
  const subscriptions = new Map<string, Subscription | symbol>();
  const starts: StartContext = {
    registry,
    limits,
    authenticate: (headers) => api.authenticate(headers, sourceIp),
    start: (request, auth, headers) => api.start(request, auth, headers),
    subscriptions,
    subscriber: { send, sendData: sender.sendData, ended: (id) => subscriptions.delete(id) },
    isClosed,
  };

  let keepAlive: NodeJS.Timeout | undefined;
  const startKeepAlive = () => {
    keepAlive ??= setInterval(() => send({ type: 'ka' }), limits.keepAliveMs);
  };
  // The first message's deadline (see RealtimeLimits.connectionInitTimeoutMs).
  const silent = setTimeout(() => {
    if (closed) return;
    ws.close(1000);
    setTimeout(() => ws.terminate(), 1000).unref();
  }, limits.connectionInitTimeoutMs);

  ws.on('close', () => {
    api.connections.close(identity);
    closed = true;
    api.sendBudget.delete(sender.outbound);
    clearTimeout(silent);
    clearInterval(keepAlive);
    for (const sub of subscriptions.values()) if (isLive(sub)) registry.remove(sub);
    subscriptions.clear();
  });
  ws.on('error', () => ws.terminate());

  const refuseConnection = (result: AuthenticationResult) => {
    const error = result.ok ? { errorType: 'UnauthorizedException', message: '' } : result.body.errors[0];
    const errorCode = error.errorType === limitExceeded('').errorType ? 429 : 401;
    send({ type: 'connection_error', payload: { errors: [{ ...error, errorCode }] } });
    closed = true;
    ws.close(1000);
  };

  const stop = (id: string) => {
    const sub = subscriptions.get(id);
    if (sub === undefined) return;
    subscriptions.delete(id);
    if (isLive(sub)) registry.remove(sub);
    send({ type: 'complete', id });
  };

  const handle = (raw: Buffer, isBinary: boolean) => {
    const parsed = parseClientMessage(isBinary ? '' : raw.toString());
    if (!parsed.ok)
      return send({ type: 'error', ...(parsed.id ? { id: parsed.id } : {}), payload: { errors: [parsed.error] } });
    const m = parsed.message;
    if (m.type === 'connection_init') {
      send({ type: 'connection_ack', payload: { connectionTimeoutMs: limits.connectionTimeoutMs } });
      send({ type: 'ka' });
      startKeepAlive();
    } else if (m.type === 'start') {
      startOnConnection(starts, m.id, m.payload.data, m.payload.extensions?.authorization).catch((err: Error) =>
        send({
          type: 'error',
          id: m.id,
          payload: { errors: [{ errorType: 'InternalFailure', message: `Local runtime error: ${err.message}` }] },
        }),
      );
    } else {
      stop(m.id);
    }
  };

  // Frames that arrive while the handshake's token is verified wait for it, in order.
  // A refused handshake is answered at the client's first frame (its connection_init), as the Amplify
  // clients record it, and the connection is closed.
  ws.on('message', (raw: Buffer, isBinary: boolean) => {
    clearTimeout(silent);
    void authenticated.then((result) => {
      if (closed) return;
      if (result.ok) handle(raw, isBinary);
      else refuseConnection(result);
    });
  });
  void authenticated.then((result) => {
    if (result.ok && !closed) startKeepAlive();
    if (!result.ok) setTimeout(() => !closed && refuseConnection(result), REFUSED_IDLE_MS).unref();
  });
}
