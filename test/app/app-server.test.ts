/**
 * The web app's server (`scripts/app-server.ts`, port 4002 under `npm start`) answers a path whose
 * percent-escapes are broken, or a target that is no URL, with a 400 (an invite link, `/join/<code>`,
 * with the app's page) and keeps serving; and keeps serving under generated raw requests (fast-check:
 * broken escapes, odd targets, methods and headers). Raw requests on loopback; each wait is bounded.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fuzzListener, rawRequest } from 'appsync-local/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist, serveApp, type AppServer } from '../../scripts/app-server.ts';

let app: AppServer;
let port: number;
/** Whether app/dist is built: the app's page is served only then (else 404, as for any missing file). */
const built = existsSync(path.join(appDist, 'index.html'));

beforeAll(async () => {
  app = await serveApp({ host: '127.0.0.1', port: 0, outputs: { version: '1.4' } });
  port = Number(new URL(app.url).port);
});
afterAll(() => app?.close());

const get = (target: string) => rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

describe('the app server', () => {
  it('answers broken percent-escapes with 400, an invite link with its page, and keeps serving', async () => {
    for (const target of ['/%E0%A4%A', '/%', '/assets/%E0%A4%A.js', '//[', '/%FF']) {
      expect((await get(target)).status, target).toBe(400);
    }
    for (const target of ['/join/%E0%A4%A', '/join/%', '/join/ab%zz/']) {
      expect((await get(target)).status, target).toBe(built ? 200 : 404);
    }
    const outputs = await get('/amplify_outputs.json');
    expect(outputs.status).toBe(200);
    expect(outputs.text).toContain('"version": "1.4"');
  });

  it('keeps serving under thousands of generated requests', async () => {
    const outputsAnswer = async () => {
      const res = await fetch(`${app.url}amplify_outputs.json`);
      return res.status === 200 && ((await res.json()) as { version?: string }).version === '1.4';
    };
    const report = await fuzzListener(fc, port, outputsAnswer, {
      batches: 25,
      batchSize: 100,
      timeLimitMs: 7000,
      answerTimeoutMs: 1000,
      paths: ['/join/', '/assets/', '/amplify_outputs.json', '/index.html'],
    });
    expect(report.sent).toBeGreaterThanOrEqual(500);
  }, 30_000);

  it("drops a connection that never finishes its headers at the headers deadline, as the API's listeners do", async () => {
    const short = await serveApp({
      host: '127.0.0.1',
      port: 0,
      outputs: {},
      deadlines: { firstByteMs: 500, tlsHandshakeMs: 500, headersMs: 500, requestMs: 1000 },
    });
    try {
      const socket = connect(Number(new URL(short.url).port), '127.0.0.1').resume();
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const closed = await Promise.race([
        new Promise((resolve) => socket.once('close', () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 3000)),
      ]);
      socket.destroy();
      expect(closed, 'closed within 3 s of a 500 ms headers deadline').toBe(true);
    } finally {
      await short.close();
    }
  });
});
