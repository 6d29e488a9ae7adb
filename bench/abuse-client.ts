/**
 * What the parts of `npm run abuse` send the API as a client: a GraphQL call over HTTP, and a real-time
 * connection (plain `ws://` on the API's port) with its `start` messages, authorized by the player's token.
 */
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
