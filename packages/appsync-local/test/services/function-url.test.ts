/** A local function URL: Lambda's payload 2.0 event in, the handler's answer out, a base64 body (an image) as bytes. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalFunction } from '../../src/datasources/lambda/data-source.ts';
import { createOutbox } from '../../src/runtime/services/outbox.ts';
import { createLocalScheduler } from '../../src/runtime/services/scheduler.ts';
import { startServicesServer, type ServicesServer } from '../../src/runtime/services/server.ts';

/** Every byte value, as an image's would be. */
const BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const fn = (call: (event: any) => unknown): LocalFunction => ({
  invoke: () => Promise.reject(new Error('not a data source here')),
  invokeEvent: () => {},
  call: async (event) => call(event),
});

let server: ServicesServer;
beforeAll(async () => {
  server = await startServicesServer({
    outbox: createOutbox(mkdtempSync(path.join(tmpdir(), 'fn-url-outbox-'))),
    scheduler: createLocalScheduler({ invoke: () => true }),
    functionUrls: {
      image: fn(() => ({
        statusCode: 200,
        headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' },
        body: BYTES.toString('base64'),
        isBase64Encoded: true,
      })),
      echo: fn((event) => ({
        path: event.rawPath,
        query: event.rawQueryString,
        method: event.requestContext.http.method,
      })),
      text: fn(() => ({ statusCode: 404, headers: { 'content-type': 'text/plain' }, body: 'Ünknown' })),
    },
    port: 0,
  });
});
afterAll(async () => {
  await server?.close();
});

describe('a local function URL', () => {
  it('answers a base64 body as its bytes, without the function’s CORS headers', async () => {
    const res = await fetch(`${server.url}/function-url/image/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
  });

  it('answers a text body as UTF-8, and a result without statusCode as JSON', async () => {
    const text = await fetch(`${server.url}/function-url/text/`);
    expect([text.status, await text.text()]).toEqual([404, 'Ünknown']);
    const echo = await fetch(`${server.url}/function-url/echo/a/b?x=1`);
    expect(await echo.json()).toEqual({ path: '/a/b', query: 'x=1', method: 'GET' });
  });
});
