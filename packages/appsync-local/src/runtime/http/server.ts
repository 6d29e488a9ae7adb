/**
 * The local AppSync endpoint over node:http: `POST /graphql` (AppSync's request and response format),
 * `GET /` (an offline query page) and, when a token issuer is given, the dev-only `GET /dev/token`
 * (loopback callers, and pages of this server only; `GET /dev/credentials` likewise, for local IAM signers). Only /graphql answers other origins (CORS), as
 * AppSync does: it authenticates every request by its token. A WebSocket upgrade on
 * `/graphql/realtime` (or `/graphql`) speaks AppSync's real-time protocol; with a certificate, the same
 * port also takes TLS (`https:`/`wss:`), which Amplify's client needs for its real-time URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { WebSocketServer } from 'ws';
import { LOCAL_NAME } from '../auth/jwt.ts';
import type { LocalApi, RequestLogEntry } from '../runtime.ts';
import { EXPLORER_PATH, explorerAsset, explorerPage } from './page.ts';
import { acceptConnection } from '../realtime/connection.ts';
import { REALTIME_PATHS, SUBPROTOCOL } from '../realtime/wire.ts';
import type { ServerCertificate } from '../tls/local-ca.ts';
import { sniffingServer } from '../tls/sniff.ts';
import { openSockets } from '../io/open-sockets.ts';
import { capConnections } from '../io/connection-caps.ts';
import { credentialsOf, type ExplorerSigner } from './dev-credentials.ts';
import { CONNECTION_DEADLINES, guardFirstHeaders, httpTimeouts, type ConnectionDeadlines } from '../io/deadlines.ts';
import { headersOf, readBody, TooLarge } from '../io/request-body.ts';
import { requestUrl } from '../io/request-url.ts';
import { foreignOrigin, isLoopback } from '../io/own-origin.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerOptions {
  api: LocalApi;
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Issues a bearer token for a dev user; enables GET /dev/token. */
  tokenFor?: (username: string, groups: string[]) => string;
  /** Local IAM principals the explorer may sign as; enables GET /dev/credentials (dev-credentials.ts). */
  signers?: readonly ExplorerSigner[];
  /** The GraphQL document the explorer opens on when it has none saved. */
  explorerExample?: string;
  /** Where the explorer's bundle is kept (built there when missing or stale): the project's <build-dir>/explorer. */
  explorerDir: string;
  /** Also serve TLS on the same port with this certificate (see src/runtime/tls/). */
  tls?: ServerCertificate;
  /** Default CONNECTION_DEADLINES (tests shorten them). */
  deadlines?: ConnectionDeadlines;
}

export interface RunningServer {
  url: string;
  /** The real-time endpoint: `wss://` with a certificate, else `ws://`. */
  realtimeUrl: string;
  close(): Promise<void>;
}

const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, authorization, x-api-key, x-amz-date, x-amz-user-agent, x-amz-security-token',
  // The list AppSync sends (recorded in aws-amplify/amplify-js#5579), so that a browser may read them.
  'access-control-expose-headers':
    'x-amzn-RequestId, x-amzn-ErrorType, x-amz-user-agent, x-amzn-ErrorMessage, Date, x-amz-schema-version',
  'access-control-max-age': '600',
};

/**
 * An error response names its error type in `x-amzn-ErrorType`, as AppSync's 401 does: Amplify's client
 * takes the error's name from that header (its body has no top-level `message` or `__type`).
 */
function errorTypeHeader(status: number, body: unknown): Record<string, string> {
  if (status < 400) return {};
  const errorType = (body as { errors?: { errorType?: unknown }[] } | null)?.errors?.[0]?.errorType;
  return typeof errorType === 'string' ? { 'x-amzn-ErrorType': errorType } : {};
}

const JSON_TYPE = 'application/json; charset=UTF-8';
/** The headers of every answer without headers of its own under 400 (the hot path), built once. */
const PLAIN_ANSWER: Record<string, string> = { 'content-type': JSON_TYPE, ...CORS };

function send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  if (status < 400 && (headers === undefined || Object.keys(headers).length === 0)) {
    const text = JSON.stringify(body);
    res.writeHead(status, PLAIN_ANSWER);
    res.end(text);
    return;
  }
  sendOwnOrigin(res, status, body, { ...CORS, ...headers });
}

/** JSON without CORS headers: a page of another origin cannot read it. */
function sendOwnOrigin(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': JSON_TYPE,
    ...errorTypeHeader(status, body),
    ...headers,
  });
  res.end(text);
}

function malformed(res: ServerResponse, status: number, message: string): void {
  send(res, status, { errors: [{ message, errorType: 'MalformedHttpRequestException' }] });
}

async function handleGraphQL(api: LocalApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await readBody(req, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof TooLarge) return malformed(res, 413, `Request body is larger than ${MAX_BODY_BYTES} bytes.`);
    throw err;
  }
  if (text.trim() === '') return malformed(res, 400, 'Request body is empty.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return malformed(res, 400, 'Unable to parse GraphQL query.');
  }
  const response = await api.handle({
    body,
    headers: headersOf(req),
    sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, ''),
    signed: { method: req.method ?? 'POST', path: req.url ?? '/graphql', body: text },
  });
  send(res, response.status, response.body, response.headers);
}

/** Why a /dev/ route refuses this request (loopback callers and this server's own pages only), or null. */
function devRefusal(req: IncomingMessage, route: string): string | null {
  if (!isLoopback(req.socket.remoteAddress)) return `${route} answers loopback callers only.`;
  const foreign = foreignOrigin(headersOf(req), req.socket.localPort ?? 0);
  return foreign && `${route} answers this server's own pages only. ${foreign}`;
}

function handleToken(
  tokenFor: NonNullable<ServerOptions['tokenFor']>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): void {
  const refuse = (status: number, error: string) =>
    sendOwnOrigin(res, status, { error }, { 'cache-control': 'no-store' });
  const refusal = devRefusal(req, '/dev/token');
  if (refusal) return refuse(403, refusal);
  const username = url.searchParams.get('username') ?? '';
  if (!LOCAL_NAME.test(username))
    return refuse(400, 'Give ?username= (letters, digits, . _ @ + -; at most 128 characters).');
  const groups = url.searchParams.getAll('group').filter((g) => g !== '');
  if (groups.some((g) => !LOCAL_NAME.test(g))) return refuse(400, 'Invalid group name.');
  sendOwnOrigin(res, 200, { token: tokenFor(username, groups) }, { 'cache-control': 'no-store' });
}

export function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const deadlines = opts.deadlines ?? CONNECTION_DEADLINES;
  const server = createServer(httpTimeouts(deadlines), (req, res) => {
    const fail = (err: Error) => {
      if (!res.headersSent) send(res, 500, { errors: [{ errorType: 'InternalFailure', message: err.message }] });
      else res.end();
    };
    // The one hot route, without parsing a URL.
    if (req.method === 'POST' && req.url === '/graphql') return void handleGraphQL(opts.api, req, res).catch(fail);
    const url = requestUrl(req.url);
    if (!url) return malformed(res, 400, 'The request target is not a valid URL.');
    const route = `${req.method} ${url.pathname}`;
    const work = async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, url.pathname === '/graphql' ? CORS : {});
        res.end();
      } else if (route === 'POST /graphql') {
        await handleGraphQL(opts.api, req, res);
      } else if (route === 'GET /' || route === 'GET /graphql') {
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store' });
        res.end(
          explorerPage({
            tokens: opts.tokenFor !== undefined,
            signers: opts.signers ?? [],
            example: opts.explorerExample,
          }),
        );
      } else if (req.method === 'GET' && url.pathname.startsWith(EXPLORER_PATH)) {
        const asset = await explorerAsset(opts.explorerDir, url.pathname.slice(EXPLORER_PATH.length));
        if (!asset) return send(res, 404, { errors: [{ errorType: 'NotFound', message: `No route for ${route}.` }] });
        res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache' });
        res.end(asset.body);
      } else if (route === 'GET /dev/token' && opts.tokenFor) {
        handleToken(opts.tokenFor, req, res, url);
      } else if (route === 'GET /dev/credentials' && opts.signers?.length) {
        const refusal = devRefusal(req, '/dev/credentials');
        const answer = refusal
          ? { status: 403, body: { error: refusal } }
          : credentialsOf(opts.signers, url.searchParams.get('name'));
        sendOwnOrigin(res, answer.status, answer.body, { 'cache-control': 'no-store' });
      } else {
        send(res, 404, { errors: [{ errorType: 'NotFound', message: `No route for ${route}.` }] });
      }
    };
    work().catch(fail);
  });
  guardFirstHeaders(server, deadlines);
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: opts.api.realtime.limits.maxMessageBytes,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!REALTIME_PATHS.includes(path)) return void socket.destroy();
    const url = requestUrl(req.url);
    if (!url) return void socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    sockets.handleUpgrade(req, socket, head, (ws) => acceptConnection(opts.api.realtime, ws, req, url));
  });
  const listener: NetServer = opts.tls ? sniffingServer(server, opts.tls, deadlines) : server;
  return new Promise((resolve, reject) => {
    listener.once('error', reject);
    const open = openSockets(listener);
    capConnections(listener, 'api');
    listener.listen(opts.port, host, () => {
      listener.off('error', reject);
      const { port } = listener.address() as AddressInfo;
      // Bound to every interface: loopback is one of them.
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        realtimeUrl: `${opts.tls ? 'wss' : 'ws'}://${shownHost}:${port}${REALTIME_PATHS[0]}`,
        close: () =>
          new Promise<void>((done, fail) => {
            for (const ws of sockets.clients) ws.terminate();
            listener.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
            open.destroyAll();
          }),
      });
    });
  });
}

/** One line per request: operation, status, total time, then each resolver with its time. */
export function formatRequestLog(entry: RequestLogEntry): string {
  const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)}ms`;
  const resolvers = entry.resolvers.map((r) => `${r.field} ${ms(r.ms)}`).join(', ');
  const line = `${entry.operationName ?? '(anonymous)'} ${entry.status} ${ms(entry.totalMs)}${resolvers ? ` | ${resolvers}` : ''}`;
  const logs = entry.resolvers.flatMap((r) => r.logs.map((l) => `\n    ${r.field}: ${l}`)).join('');
  return line + logs;
}
