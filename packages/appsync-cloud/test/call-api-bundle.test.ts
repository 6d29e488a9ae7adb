/**
 * callApi must work bundled for Lambda's Node.js runtime, as defineFunction bundles a handler (one
 * esbuild ES module): the bundle is run against a loopback server that records what it receives.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles into one ES module that signs and posts a request', async () => {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, '../src/calls-api.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  // Only Node.js built-ins may stay imports: the signer and the credential provider are inlined.
  const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
  expect(imports.filter((m) => !m.startsWith('node:'))).toEqual([]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'call-api-bundle-')), 'call-api.mjs');
  writeFileSync(file, code);

  let received: { headers: IncomingHttpHeaders; body: string } | undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received = { headers: req.headers, body };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ping":"pong"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const saved = { ...process.env };
  Object.assign(process.env, {
    API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDBUNDLETEST',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_SESSION_TOKEN: 'session-token',
  });
  try {
    const { callApi } = (await import(pathToFileURL(file).href)) as typeof import('appsync-cloud');
    expect(await callApi('{ ping }', { a: 1 })).toEqual({ data: { ping: 'pong' } });
  } finally {
    process.env = saved;
    server.close();
  }
  expect(JSON.parse(received!.body)).toEqual({ query: '{ ping }', variables: { a: 1 } });
  expect(received!.headers.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDBUNDLETEST\/\d{8}\/eu-west-1\/appsync\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
  );
  expect(received!.headers['x-amz-security-token']).toBe('session-token');
}, 60_000);
