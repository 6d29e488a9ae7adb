/**
 * Issue 45, finding 3: sockets that never finish their headers, opened on the web app's port of
 * `npm start`, used to be held until the process ran out of open files, and then the API accepted
 * nothing. Now the app's listener holds at most its share of the open-file limit (the rest are closed
 * as they are accepted) and drops a stalled one at the API's headers deadline. The stack runs under a
 * limit of 2,048 open files so that a bounded flood on loopback reaches it.
 */
import { connect, type Socket } from 'node:net';
import { connectionCap } from 'appsync-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const OPEN_FILES = 2048;
/** More than the whole limit: without a cap the app's listener alone would exhaust it. */
const FLOOD = 2100;

let stack: NpmStart;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await npmStart(['--in-memory', '--empty', '--no-watch'], { openFiles: OPEN_FILES });
}, 300_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await stack?.stop();
});

/** Opens one socket that sends part of a request's headers and never the end; resolves once connected or refused. */
function stalled(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      resolve(socket);
    });
    socket.on('error', () => resolve(socket));
  });
}

const query = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query: '{ events(limit: 1) { items { id } } }' }),
    signal: AbortSignal.timeout(5000),
  });

describe("a flood of stalled sockets on the app's port", () => {
  it(`holds at most the app's share of ${OPEN_FILES} open files, and the API keeps answering`, async () => {
    const port = Number(new URL(stack.appUrl).port);
    for (let i = 0; i < FLOOD; i += 100) {
      sockets.push(...(await Promise.all(Array.from({ length: 100 }, () => stalled(port)))));
    }
    // The server closes each connection over its cap as it accepts it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answer = await query(stack.apiUrl, stack.tokens.player);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown }).data).toBeTruthy();
    expect(stack.exited()).toBe(false);
    const held = sockets.filter((s) => !s.destroyed && !s.readableEnded).length;
    expect(held).toBeLessThanOrEqual(connectionCap('app', OPEN_FILES));
  }, 60_000);
});
