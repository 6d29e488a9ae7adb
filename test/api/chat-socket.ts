/** A WebSocket on the test API speaking AppSync's real-time protocol, for onLeagueMessage's tests. */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { expect } from 'vitest';
import { handshakeProtocols } from 'appsync-local';
import type { TestApi } from '../support/local-api.ts';

export const MESSAGE_FIELDS = 'id leagueId userId displayName text createdAt kind removed';
const LIVE = `subscription($l: ID!) { onLeagueMessage(leagueId: $l) { ${MESSAGE_FIELDS} } }`;

/** Connects as `user`; `start(id, leagueId)` subscribes to a league's chat, and `messages` collects what arrives. */
export async function openChatSocket(api: TestApi, user: string) {
  const url = new URL(api.app.realtimeUrl);
  const auth = { host: new URL(api.app.url).host, Authorization: api.token(user) };
  const ws = new WebSocket(url, handshakeProtocols(auth), { ca: readFileSync(api.app.caPath) });
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  const next = async (pred: (m: any) => boolean) => {
    await expect.poll(() => messages.some(pred), { timeout: 5000 }).toBe(true);
    return messages.find(pred);
  };
  await next((m) => m.type === 'connection_ack');
  const start = (id: string, leagueId: string) => {
    ws.send(
      JSON.stringify({
        id,
        type: 'start',
        payload: {
          data: JSON.stringify({ query: LIVE, variables: { l: leagueId } }),
          extensions: { authorization: auth },
        },
      }),
    );
    return next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  };
  return { ws, messages, next, start };
}
