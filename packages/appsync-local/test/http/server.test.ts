import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, localUserPool, signToken, verifyToken } from '../../src/runtime/auth/jwt.ts';
import { formatRequestLog, MAX_BODY_BYTES, startServer, type RunningServer } from '../../src/runtime/http/server.ts';
import { parseGroups, tokenUrl } from '../../src/runtime/http/explorer/identity.ts';
import type { RequestLogEntry } from '../../src/runtime/runtime.ts';
import type { CognitoIdentity } from '../../src/runtime/types.ts';
import { echoDataSource, fakeCode, testApi } from '../graphql/fakes.ts';
import { projectDirs } from '../../testing/project.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'local-appsync-http-'));
const key = loadOrCreateSigningKey(dir);
const entries: RequestLogEntry[] = [];
let server: RunningServer;
let noTokens: RunningServer;

const api = testApi({
  schema: 'type Query { whoami: String }',
  wiring: {
    dataSources: [{ name: 'DS', kind: 'NONE' }],
    functions: [],
    resolvers: [{ typeName: 'Query', fieldName: 'whoami', kind: 'UNIT', dataSource: 'DS', code: 'r.ts' }],
    environment: {},
  },
  codes: {
    'r.ts': fakeCode('r', {
      request: (ctx, t) => {
        t.log('resolving whoami');
        return {};
      },
      response: (ctx) =>
        `${ctx.identity?.username} ${JSON.stringify((ctx.identity as CognitoIdentity | null)?.groups)}`,
    }),
  },
  dataSources: { DS: echoDataSource() },
  auth: { defaultMode: 'AMAZON_COGNITO_USER_POOLS', additionalModes: [], cognito: localUserPool(key) },
  log: (e) => entries.push(e),
});

beforeAll(async () => {
  const explorerDir = path.join(projectDirs().buildDir, 'explorer');
  server = await startServer({
    api,
    port: 0,
    explorerDir,
    tokenFor: (username, groups) => signToken(key, { username, groups }),
  });
  noTokens = await startServer({ api, port: 0, explorerDir });
});
afterAll(async () => {
  await server.close();
  await noTokens.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /graphql', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('round-trips a query in AppSync request and response format', async () => {
    const token = signToken(key, { username: 'alice', groups: ['admin'] });
    const res = await post(JSON.stringify({ query: 'query Who { whoami }', variables: {}, operationName: 'Who' }), {
      authorization: token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ data: { whoami: 'alice ["admin"]' } });
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({ operationName: 'Who', status: 200 });
    expect(formatRequestLog(entry)).toMatch(
      /^Who 200 [\d.]+ms \| Query\.whoami [\d.]+ms\n {4}Query\.whoami: resolving whoami$/,
    );
  });

  it('answers 401 in AppSync form without a token', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }],
    });
  });

  it('names the error type of a 401 in x-amzn-ErrorType, readable by browsers (as AppSync: amplify-js#5579)', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }), { authorization: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase());
    expect(exposed).toContain('x-amzn-errortype');
    const ok = await post(JSON.stringify({ query: '{ whoami }' }), {
      authorization: signToken(key, { username: 'bob', groups: [] }),
    });
    expect(ok.headers.get('x-amzn-errortype')).toBeNull();
  });

  it('answers 400 to bad JSON and to an empty body', async () => {
    const bad = await post('{"query": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }],
    });
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      errors: [{ message: 'Request body is empty.', errorType: 'MalformedHttpRequestException' }],
    });
  });

  it('answers 413 to a body over the size limit', async () => {
    const res = await post(JSON.stringify({ query: `{ whoami } # ${'x'.repeat(MAX_BODY_BYTES)}` }));
    expect(res.status).toBe(413);
  });

  it('answers CORS preflights', async () => {
    const res = await fetch(`${server.url}/graphql`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });
});

describe('GET /', () => {
  it('serves the explorer page, whose script and styles come from this server only, and tells it the real-time path', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<div id="root" data-tokens="true" data-realtime-path="\/graphql\/realtime">/);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls).toEqual(['/explorer/explorer.css', '/explorer/explorer.js']);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the bundle with its content types, and nothing else under /explorer/', async () => {
    const js = await fetch(`${server.url}/explorer/explorer.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await js.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${server.url}/explorer/explorer.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toMatch(/\.graphiql-container/);
    for (const name of ['inputs.json', '../package.json', 'toString']) {
      expect((await fetch(`${server.url}/explorer/${name}`)).status).toBe(404);
    }
  });

  it('sends one group= parameter per group, and the token carries them', async () => {
    expect(tokenUrl({ username: 'dana', groups: [] })).toBe('/dev/token?username=dana');
    const groups = parseGroups(' editors, , ops+1 ,editors');
    expect(groups).toEqual(['editors', 'ops+1']);
    expect(tokenUrl({ username: 'dana', groups })).toBe('/dev/token?username=dana&group=editors&group=ops%2B1');
    const res = await fetch(`${server.url}${tokenUrl({ username: 'dana', groups: ['editors', 'ops'] })}`);
    expect(res.status).toBe(200);
    const verified = await verifyToken(localUserPool(key), ((await res.json()) as { token: string }).token);
    expect(verified.ok && verified.claims['cognito:groups']).toEqual(['editors', 'ops']);
  });

  it('tells the page to leave out the act-as bar when no token issuer is given', async () => {
    const html = await (await fetch(`${noTokens.url}/`)).text();
    expect(html).toMatch(/<div id="root" data-tokens="false" /);
  });
});

describe('GET /dev/token', () => {
  it('issues a verifiable token for a username and groups', async () => {
    const res = await fetch(`${server.url}/dev/token?username=carol&group=admin`);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const verified = await verifyToken(localUserPool(key), token);
    expect(verified.ok && verified.claims.username).toBe('carol');
    expect(verified.ok && verified.claims['cognito:groups']).toEqual(['admin']);
    const who = await post(JSON.stringify({ query: '{ whoami }' }), { authorization: `Bearer ${token}` });
    expect(await who.json()).toEqual({ data: { whoami: 'carol ["admin"]' } });
  });

  it('refuses a missing or invalid username', async () => {
    expect((await fetch(`${server.url}/dev/token`)).status).toBe(400);
    expect((await fetch(`${server.url}/dev/token?username=${encodeURIComponent('a b')}`)).status).toBe(400);
  });

  it('does not exist without a token issuer', async () => {
    expect((await fetch(`${noTokens.url}/dev/token?username=carol`)).status).toBe(404);
  });

  it('sends no CORS headers, so a page of another origin cannot read a token', async () => {
    const res = await fetch(`${server.url}/dev/token?username=carol&group=admin`);
    expect(res.status).toBe(200);
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await fetch(`${server.url}/dev/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("refuses requests from other sites' pages, and answers this server's own page", async () => {
    const port = new URL(server.url).port;
    const get = (headers: Record<string, string>) =>
      rawGet(`${server.url}/dev/token?username=carol&group=admin`, headers);
    const own = `127.0.0.1:${port}`;
    for (const headers of <Record<string, string>[]>[
      { host: own, origin: 'http://evil.example' },
      { host: own, origin: 'null' },
      { host: own, 'sec-fetch-site': 'cross-site' },
      { host: own, 'sec-fetch-site': 'same-site' },
      // DNS rebinding: another site's name pointed at 127.0.0.1 makes its page "same-origin".
      { host: `evil.example:${port}`, 'sec-fetch-site': 'same-origin' },
      { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
    ]) {
      const res = await get(headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(res.body).not.toMatch(/token"/);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    for (const headers of <Record<string, string>[]>[
      { host: own, 'sec-fetch-site': 'same-origin' },
      { host: `localhost:${port}`, origin: `http://localhost:${port}`, 'sec-fetch-site': 'same-origin' },
      { host: own, 'sec-fetch-site': 'none' },
      { host: own },
    ]) {
      const res = await get(headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 200 });
      expect(JSON.parse(res.body)).toEqual({ token: expect.any(String) });
    }
  });

  it('keeps CORS on /graphql, where every request needs a valid token', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }), { origin: 'http://app.example' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers loopback callers only', async () => {
    // Reaching the server from a non-loopback address needs a second interface; check the guard directly.
    const { isLoopback } = await import('../../src/runtime/io/own-origin.ts');
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('192.168.1.20')).toBe(false);
  });
});

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (r) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (body += c));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('other routes', () => {
  it('answers 404 in JSON', async () => {
    const res = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/nope`, { method: 'DELETE' }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(res).toBe(404);
  });
});
