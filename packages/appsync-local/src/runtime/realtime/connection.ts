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
import { graphQLRequestFromJson, lowerCaseHeaders } from '../graphql/request.ts';
import type { RequestAuth } from '../types.ts';
import type { ConnectionCounter } from './connection-limits.ts';
import { identityKey } from './connection-limits.ts';
import {
  handshakeHeaders,
  limitExceeded,
  parseClientMessage,
  type RealtimeLimits,
  type ServerMessage,
} from './protocol.ts';
import type { Outbound, SendBudget } from './send-budget.ts';
import type { StartResult, Subscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts';

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

function unauthorized(result: AuthenticationResult): { errorType: string; message: string } {
  return result.ok ? { errorType: 'UnauthorizedException', message: '' } : result.body.errors[0];
}

/** `url`: the handshake's target, parsed by the caller (`io/request-url.ts`, which refuses one that is no URL). */
export function acceptConnection(api: RealtimeApi, ws: WebSocket, req: IncomingMessage, url: URL): void {
  const { registry, limits } = api;
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const connectionHeaders = handshakeHeaders(url, protocols) ?? {};
  // A connection over the total is refused at once; one over its identity's share once it is known.
  const full = api.connections.open();
  if (full) {
    ws.send(
      JSON.stringify({ type: 'connection_error', payload: { errors: [{ ...limitExceeded(full), errorCode: 429 }] } }),
    );
    ws.close(1000);
    return;
  }
  let identity: string | null = null;
  const authenticated = api.authenticate(connectionHeaders, sourceIp).then((result): AuthenticationResult => {
    // Closed meanwhile: its place is given back already.
    if (!result.ok || closed) return result;
    const key = identityKey(result.auth, connectionHeaders);
    const crowded = api.connections.identify(key);
    if (!crowded) identity = key;
    return crowded ? { ok: false, status: 403, body: { errors: [limitExceeded(crowded)] } } : result;
  });

  /**
   * Live and pending subscriptions by id. A pending one is still running its resolver, and is marked by
   * a token of its own start: a start stopped and started again under the same id must not find the
   * second start's marker and take its place.
   */
  const subscriptions = new Map<string, Subscription | symbol>();
  const isLive = (sub: Subscription | symbol | undefined): sub is Subscription =>
    sub !== undefined && typeof sub !== 'symbol';
  let keepAlive: NodeJS.Timeout | undefined;
  let closed = false;

  let corked = false;
  /** Whether the connection can take more; a client that does not read is dropped rather than buffered without bound. */
  const canSend = () => {
    if (closed) return false;
    if (ws.bufferedAmount <= limits.maxBufferedBytes) return true;
    ws.terminate();
    return false;
  };
  // What is sent in one turn of the event loop (a delivery reaches every subscription of this
  // connection in one loop) leaves in one write, not in one TLS record and one system call each.
  const cork = () => {
    if (corked) return;
    corked = true;
    req.socket.cork();
    process.nextTick(() => {
      corked = false;
      req.socket.uncork();
    });
  };
  const send = (message: ServerMessage) => {
    if (!canSend()) return;
    cork();
    ws.send(JSON.stringify(message));
    api.sendBudget.sent();
  };
  // A fragmented message is one message to the client (RFC 6455 section 5.4); the fragments of one
  // are sent in one go, so nothing else comes between them.
  const sendData = (head: Buffer, id: string) => {
    if (!canSend()) return;
    cork();
    ws.send(head, { binary: false, fin: false });
    ws.send(`${JSON.stringify(id)}}`, { fin: true });
    api.sendBudget.sent();
  };
  const subscriber: Subscriber = { send, sendData, ended: (id) => subscriptions.delete(id) };

  const startKeepAlive = () => {
    keepAlive ??= setInterval(() => send({ type: 'ka' }), limits.keepAliveMs);
  };
  // The first message's deadline (see RealtimeLimits.connectionInitTimeoutMs).
  const silent = setTimeout(() => {
    if (closed) return;
    ws.close(1000);
    setTimeout(() => ws.terminate(), 1000).unref();
  }, limits.connectionInitTimeoutMs);

  const outbound: Outbound = { queued: () => ws.bufferedAmount, cutOff: () => ws.terminate() };
  api.sendBudget.add(outbound);

  const cleanUp = () => {
    api.connections.close(identity);
    closed = true;
    api.sendBudget.delete(outbound);
    clearTimeout(silent);
    clearInterval(keepAlive);
    for (const sub of subscriptions.values()) if (isLive(sub)) registry.remove(sub);
    subscriptions.clear();
  };
  ws.on('close', cleanUp);
  ws.on('error', () => ws.terminate());

  const refuseConnection = (result: AuthenticationResult) => {
    const error = unauthorized(result);
    const errorCode = error.errorType === limitExceeded('').errorType ? 429 : 401;
    send({ type: 'connection_error', payload: { errors: [{ ...error, errorCode }] } });
    closed = true;
    ws.close(1000);
  };

  const start = async (id: string, data: string, authorization: Record<string, unknown> | undefined) => {
    if (subscriptions.has(id)) {
      // The error type AppSync gives a second start with a live id (re:Post QU2tphAPAwQ1WpEp0DlTtGog).
      return send({
        type: 'error',
        id,
        payload: { errors: [{ errorType: 'DuplicatedOperationError', message: `Duplicate operation id ${id}.` }] },
      });
    }
    if (subscriptions.size >= limits.maxSubscriptionsPerConnection) {
      return send({
        type: 'error',
        id,
        payload: {
          errors: [
            {
              errorType: 'MaxSubscriptionsReachedError',
              message: `A connection has at most ${limits.maxSubscriptionsPerConnection} subscriptions.`,
            },
          ],
        },
      });
    }
    const request = graphQLRequestFromJson(data);
    if (!request)
      return send({
        type: 'error',
        id,
        payload: {
          errors: [{ errorType: 'MalformedHttpRequestException', message: 'Unable to parse GraphQL query.' }],
        },
      });
    if (request.query.length > limits.maxSubscriptionDocumentChars) {
      const message = `A subscription document has at most ${limits.maxSubscriptionDocumentChars} characters.`;
      return send({ type: 'error', id, payload: { errors: [limitExceeded(message)] } });
    }
    const crowded = registry.refusal(request.query);
    if (crowded) return send({ type: 'error', id, payload: { errors: [limitExceeded(crowded)] } });
    const pending = Symbol(id);
    subscriptions.set(id, pending);
    const headers = lowerCaseHeaders(authorization ?? {});
    const authn = await api.authenticate(headers, sourceIp);
    // Stopped (and perhaps started again), or the connection closed, while it authenticated.
    if (closed || subscriptions.get(id) !== pending) return;
    if (!authn.ok) {
      subscriptions.delete(id);
      return send({ type: 'error', id, payload: { errors: [unauthorized(authn)] } });
    }
    const result = await api.start(request, authn.auth, headers);
    // Likewise while the resolver ran.
    if (closed || subscriptions.get(id) !== pending) return;
    if (!result.ok) {
      subscriptions.delete(id);
      return send({ type: 'error', id, payload: { errors: result.errors } });
    }
    const subscription: Subscription = { ...result.subscription, id, subscriber };
    const refused = registry.add(subscription);
    if (refused) {
      subscriptions.delete(id);
      return send({ type: 'error', id, payload: { errors: [limitExceeded(refused)] } });
    }
    subscriptions.set(id, subscription);
    send({ type: 'start_ack', id });
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
      start(m.id, m.payload.data, m.payload.extensions?.authorization).catch((err: Error) =>
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
