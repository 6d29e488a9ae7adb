import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, signToken, verifyToken } from '../../../appsync/local/auth/jwt.ts';
import { formatRequestLog, MAX_BODY_BYTES, startServer, type RunningServer } from '../../../appsync/local/http/server.ts';
import { TOKEN_URL_SCRIPT } from '../../../appsync/local/http/page.ts';
import type { RequestLogEntry } from '../../../appsync/local/runtime.ts';
import { echoDataSource, fakeCode, testApi } from '../graphql/fakes.ts';

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
      response: (ctx) => `${ctx.identity?.username} ${JSON.stringify(ctx.identity?.groups)}`,
    }),
  },
  dataSources: { DS: echoDataSource() },
  auth: { defaultMode: 'AMAZON_COGNITO_USER_POOLS', additionalModes: [], cognito: { key } },
  log: (e) => entries.push(e),
});

beforeAll(async () => {
  server = await startServer({ api, port: 0, tokenFor: (username, groups) => signToken(key, { username, groups }) });
  noTokens = await startServer({ api, port: 0 });
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
    const res = await post(JSON.stringify({ query: 'query Who { whoami }', variables: {}, operationName: 'Who' }), { authorization: token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ data: { whoami: 'alice ["admin"]' } });
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({ operationName: 'Who', status: 200 });
    expect(formatRequestLog(entry)).toMatch(/^Who 200 [\d.]+ms \| Query\.whoami [\d.]+ms\n {4}Query\.whoami: resolving whoami$/);
  });

  it('answers 401 in AppSync form without a token', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }] });
  });

  it('names the error type of a 401 in x-amzn-ErrorType, readable by browsers (as AppSync: amplify-js#5579)', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }), { authorization: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(exposed).toContain('x-amzn-errortype');
    const ok = await post(JSON.stringify({ query: '{ whoami }' }), { authorization: signToken(key, { username: 'bob', groups: [] }) });
    expect(ok.headers.get('x-amzn-errortype')).toBeNull();
  });

  it('answers 400 to bad JSON and to an empty body', async () => {
    const bad = await post('{"query": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }] });
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: [{ message: 'Request body is empty.', errorType: 'MalformedHttpRequestException' }] });
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
  it('serves a self-contained query page with no external resources', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<textarea id="query"/);
    expect(html).toMatch(/\/dev\/token\?username=/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });

  it('asks for free-text groups, knows no group names, and its script parses', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/<input type="text" id="groups"/);
    expect(html).not.toMatch(/type="checkbox"|admin/i);
    expect(html).toContain(TOKEN_URL_SCRIPT);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(() => new vm.Script(script)).not.toThrow();
  });

  it('sends one group= parameter per comma-separated group, and the token carries them', async () => {
    const tokenUrl = vm.runInNewContext(`(${TOKEN_URL_SCRIPT})`) as (username: string, groups: string) => string;
    expect(tokenUrl('dana', '')).toBe('/dev/token?username=dana');
    expect(tokenUrl('dana', ' editors, , ops+1 ,')).toBe('/dev/token?username=dana&group=editors&group=ops%2B1');
    const res = await fetch(`${server.url}${tokenUrl('dana', 'editors, ops')}`);
    expect(res.status).toBe(200);
    const verified = verifyToken(key, ((await res.json()) as { token: string }).token);
    expect(verified.ok && verified.claims['cognito:groups']).toEqual(['editors', 'ops']);
  });

  it('leaves out the act-as controls when no token issuer is given', async () => {
    const html = await (await fetch(`${noTokens.url}/`)).text();
    expect(html).not.toMatch(/id="username"|id="groups"/);
  });
});

describe('GET /dev/token', () => {
  it('issues a verifiable token for a username and groups', async () => {
    const res = await fetch(`${server.url}/dev/token?username=carol&group=admin`);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const verified = verifyToken(key, token);
    expect(verified.ok && verified.claims['cognito:username']).toBe('carol');
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

  it('answers loopback callers only', async () => {
    // Reaching the server from a non-loopback address needs a second interface; check the guard directly.
    const { isLoopback } = await import('../../../appsync/local/http/server.ts');
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('192.168.1.20')).toBe(false);
  });
});

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
