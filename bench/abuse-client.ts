/**
 * What the parts of `npm run abuse` send the API as a client: a GraphQL call over HTTP, and a real-time
 * connection (plain `ws://` on the API's port) with its `start` messages, authorized by the player's token;
 * and one HTTP request with exactly the headers given (`send`), for the local services and user pool.
 */
import { request } from 'node:http';
import WebSocket from 'ws';
import { handshakeProtocols } from 'appsync-local';

export interface Caller {
  url: string;
  playerToken: string;
}

/** POSTs one operation with `token`; throws on GraphQL errors. */
export async function graphql(
  api: Pick<Caller, 'url'>,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<any> {
  const res = await fetch(api.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(`${query.slice(0, 40)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A real-time connection as the player (not yet open), without compression. */
export function realtimeSocket(api: Caller): WebSocket {
  const { host } = new URL(api.url);
  return new WebSocket(`ws://${host}/graphql/realtime`, handshakeProtocols({ host, Authorization: api.playerToken }), {
    perMessageDeflate: false,
  });
}

/** Sends a subscription's `start` (its `data`: the query and variables as JSON), authorized as the player. */
export function sendStart(ws: WebSocket, api: Caller, id: string, data: string): void {
  const { host } = new URL(api.url);
  ws.send(
    JSON.stringify({
      id,
      type: 'start',
      payload: { data, extensions: { authorization: { host, Authorization: api.playerToken } } },
    }),
  );
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with exactly these headers (`host` included, which fetch does not let a caller set). A
 * large body is sent only when no answer came within a second of the headers: a server that refuses
 * by the declared length answers before it.
 */
export function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const target = new URL(url);
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  return new Promise((resolve, reject) => {
    let later: NodeJS.Timeout | undefined;
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: opts.method ?? (body ? 'POST' : 'GET'),
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...opts.headers },
      },
      (res) => {
        clearTimeout(later);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    // Writing after the server answered and closed may fail: the answer is what is checked.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    let answered = false;
    req.on('response', () => (answered = true));
    if (!body) return void req.end();
    req.flushHeaders();
    later = setTimeout(() => req.end(body), body.length > 1024 * 1024 ? 1000 : 0);
  });
}
