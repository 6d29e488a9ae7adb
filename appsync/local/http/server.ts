/**
 * The local AppSync endpoint over node:http: `POST /graphql` (AppSync's request and response format),
 * `GET /` (an offline query page) and, when a token issuer is given, the dev-only `GET /dev/token`
 * (loopback callers only).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalApi, RequestLogEntry } from '../runtime.ts';
import { queryPage } from './page.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerOptions {
  api: LocalApi;
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Issues a bearer token for a dev user; enables GET /dev/token. */
  tokenFor?: (username: string, groups: string[]) => string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization, x-api-key, x-amz-date, x-amz-user-agent, x-amz-security-token',
  // The list AppSync sends (recorded in aws-amplify/amplify-js#5579), so that a browser may read them.
  'access-control-expose-headers': 'x-amzn-RequestId, x-amzn-ErrorType, x-amz-user-agent, x-amzn-ErrorMessage, Date, x-amz-schema-version',
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

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...CORS, ...errorTypeHeader(status, body), ...headers });
  res.end(text);
}

function malformed(res: ServerResponse, status: number, message: string): void {
  send(res, status, { errors: [{ message, errorType: 'MalformedHttpRequestException' }] });
}

class TooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new TooLarge());
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

const USERNAME = /^[A-Za-z0-9._@+-]{1,128}$/;

async function handleGraphQL(api: LocalApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await readBody(req);
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
  const response = await api.handle({ body, headers: headersOf(req), sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') });
  send(res, response.status, response.body, response.headers);
}

function handleToken(tokenFor: NonNullable<ServerOptions['tokenFor']>, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, { error: '/dev/token answers loopback callers only.' });
  const username = url.searchParams.get('username') ?? '';
  if (!USERNAME.test(username)) {
    return send(res, 400, { error: 'Give ?username= (letters, digits, . _ @ + -; at most 128 characters).' });
  }
  const groups = url.searchParams.getAll('group').filter((g) => g !== '');
  if (groups.some((g) => !USERNAME.test(g))) return send(res, 400, { error: 'Invalid group name.' });
  send(res, 200, { token: tokenFor(username, groups) }, { 'cache-control': 'no-store' });
}

export function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const fail = (err: Error) => {
      if (!res.headersSent) send(res, 500, { errors: [{ errorType: 'InternalFailure', message: err.message }] });
      else res.end();
    };
    // The one hot route, without parsing a URL.
    if (req.method === 'POST' && req.url === '/graphql') return void handleGraphQL(opts.api, req, res).catch(fail);
    const url = new URL(req.url ?? '/', 'http://local');
    const route = `${req.method} ${url.pathname}`;
    const work = async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
      } else if (route === 'POST /graphql') {
        await handleGraphQL(opts.api, req, res);
      } else if (route === 'GET /' || route === 'GET /graphql') {
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store' });
        res.end(queryPage({ tokens: opts.tokenFor !== undefined }));
      } else if (route === 'GET /dev/token' && opts.tokenFor) {
        handleToken(opts.tokenFor, req, res, url);
      } else {
        send(res, 404, { errors: [{ errorType: 'NotFound', message: `No route for ${route}.` }] });
      }
    };
    work().catch(fail);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
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
