/**
 * AppSync's execution limits in the local runtime: query depth, resolver count and introspection
 * from the wiring's `limits`, the time limit per request, and the document cache's size bound.
 */
import { describe, expect, it } from 'vitest';
import { buildFieldAuthRules } from '../../src/runtime/auth/directives.ts';
import {
  cachedDocumentChars,
  DOCUMENT_CACHE_CHARS,
  executeRequest,
  MAX_CACHED_QUERY_CHARS,
  MAX_QUERY_TOKENS,
  MALFORMED,
  type Engine,
} from '../../src/runtime/graphql/execute.ts';
import { installAppSyncScalars } from '../../src/runtime/graphql/scalars.ts';
import { createLocalApi } from '../../src/runtime/runtime.ts';
import type { CompiledCode, DataSourceInvoker } from '../../src/runtime/types.ts';
import { APPSYNC_DEFAULT_LIMITS, checkWiring, parseAppSyncSchema, type ApiLimits, type ApiWiring } from 'appsync-cloud';
import { apiKeyAuth, echoDataSource, fakeCode, fakeDataSource, query } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    node: Node
    slow: Node
    strict: Strict
  }
  type Node {
    id: ID
    child: Node
  }
  type Strict {
    inner: Inner!
  }
  type Inner {
    deeper: Inner!
    id: ID
  }
`;

const LIMITS: ApiLimits = { queryDepth: 3, resolverCount: 3, introspection: false };

function wiringWith(limits: ApiLimits | undefined): ApiWiring {
  return {
    dataSources: [{ name: 'DS', kind: 'NONE' }],
    functions: [
      { name: 'first', dataSource: 'DS', code: 'f/first.ts' },
      { name: 'second', dataSource: 'DS', code: 'f/second.ts' },
    ],
    resolvers: [
      { typeName: 'Query', fieldName: 'node', kind: 'UNIT', dataSource: 'DS', code: 'r/node.ts' },
      { typeName: 'Query', fieldName: 'strict', kind: 'UNIT', dataSource: 'DS', code: 'r/strict.ts' },
      { typeName: 'Query', fieldName: 'slow', kind: 'PIPELINE', code: 'r/slow.ts', functions: ['first', 'second'] },
    ],
    environment: {},
    ...(limits ? { limits } : {}),
  };
}

const chain = (depth: number): unknown => (depth === 0 ? null : { id: `n${depth}`, child: chain(depth - 1) });
const innerChain = (depth: number): unknown =>
  depth === 0 ? null : { id: `i${depth}`, deeper: innerChain(depth - 1) };

function api(opts: { limits?: ApiLimits; dataSource?: DataSourceInvoker; requestTimeoutMs?: number } = {}) {
  const codes: Record<string, CompiledCode> = {
    'r/node.ts': fakeCode('node', { request: () => ({ payload: chain(6) }), response: (ctx) => ctx.result }),
    'r/strict.ts': fakeCode('strict', {
      request: () => ({ payload: { inner: innerChain(6) } }),
      response: (ctx) => ctx.result,
    }),
    'r/slow.ts': fakeCode('slow', { request: () => ({}), response: (ctx) => ctx.prev.result }),
    'f/first.ts': fakeCode('first', { request: () => ({ step: 'first' }), response: (ctx) => ctx.result }),
    'f/second.ts': fakeCode('second', {
      request: () => ({ step: 'second' }),
      response: (ctx, t) => (ctx.error ? t.error(ctx.error.message, ctx.error.type) : ctx.result),
    }),
  };
  return createLocalApi({
    schemaSDL: schema,
    wiring: wiringWith('limits' in opts ? opts.limits : LIMITS),
    compile: (source) => codes[source],
    dataSources: { DS: opts.dataSource ?? echoDataSource() },
    environment: {},
    auth: apiKeyAuth,
    requestTimeoutMs: opts.requestTimeoutMs,
  });
}

describe('query depth', () => {
  it('answers fields past the limit with QueryDepthLimitReached, and keeps the rest', async () => {
    // node is at depth 1, each child one more; a scalar counts like any field.
    const res = await query(api(), '{ node { id child { id child { child { id } } } } }');
    expect(res.body.data).toEqual({ node: { id: 'n6', child: { id: 'n5', child: { child: null } } } });
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        path: ['node', 'child', 'child', 'child'],
        errorType: 'QueryDepthLimitReached',
        data: null,
      }),
    ]);
  });

  it('throws a non-nullable field past the limit up to its first nullable parent', async () => {
    const res = await query(api(), '{ strict { inner { deeper { deeper { id } } } } }');
    expect(res.body.data).toEqual({ strict: null });
    expect(res.body.errors[0]).toMatchObject({
      path: ['strict', 'inner', 'deeper', 'deeper'],
      errorType: 'QueryDepthLimitReached',
    });
  });

  it('has no limit without a declaration (AppSync default)', async () => {
    const res = await query(api({ limits: undefined }), '{ node { child { child { child { child { id } } } } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.node.child.child.child.child.id).toBe('n2');
  });
});

describe('resolver count', () => {
  it('runs the first resolvers up to the limit; the others get ResolverExecutionLimitReached and never run', async () => {
    const calls: string[] = [];
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: node { id }`).join(' ');
    const res = await query(api({ dataSource: echoDataSource(calls) }), `{ ${aliases} }`);
    expect(calls).toHaveLength(LIMITS.resolverCount);
    const errors = res.body.errors as { path: string[]; errorType: string }[];
    expect(errors).toHaveLength(50 - LIMITS.resolverCount);
    expect(new Set(errors.map((e) => e.errorType))).toEqual(new Set(['ResolverExecutionLimitReached']));
    expect(res.body.data.a0).toEqual({ id: 'n6' });
    expect(res.body.data.a49).toBeNull();
  });

  it('counts per request: the next request runs again', async () => {
    const calls: string[] = [];
    const a = api({ dataSource: echoDataSource(calls) });
    for (let i = 0; i < 2; i += 1) await query(a, '{ x: node { id } y: node { id } z: node { id } }');
    expect(calls).toHaveLength(6);
  });
});

describe('introspection', () => {
  it('disabled: the introspection types have no fields, as AppSync answers; __typename still works', async () => {
    const res = await query(api(), '{ __schema { types { name } } }');
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toEqual([
      {
        path: null,
        locations: [{ line: 1, column: 14, sourceName: null }],
        message: "Validation error of type FieldUndefined: Field 'types' in type '__Schema' is undefined",
      },
    ]);
    const byType = await query(api(), '{ __type(name: "Node") { name fields { name } } }');
    // Like graphql-java, the selection of an undefined field is not checked further.
    expect(byType.body.errors.map((e: { message: string }) => e.message)).toEqual([
      "Validation error of type FieldUndefined: Field 'name' in type '__Type' is undefined",
      "Validation error of type FieldUndefined: Field 'fields' in type '__Type' is undefined",
    ]);
    expect((await query(api(), '{ __typename node { __typename } }')).body).toEqual({
      data: { __typename: 'Query', node: { __typename: 'Node' } },
    });
  });

  it('enabled: answers the schema', async () => {
    const res = await query(
      api({ limits: { ...LIMITS, introspection: true, queryDepth: 10 } }),
      '{ __type(name: "Node") { fields { name } } }',
    );
    expect(res.body).toEqual({ data: { __type: { fields: [{ name: 'id' }, { name: 'child' }] } } });
  });
});

describe('time limit', () => {
  it('answers ExecutionTimeout at the limit, and a resolver in flight calls no further data source', async () => {
    const calls: string[] = [];
    const slow = fakeDataSource(async (request) => {
      const step = (request as { step: string }).step;
      calls.push(step);
      if (step === 'first') await new Promise((r) => setTimeout(r, 400));
      return { result: { id: step }, error: null };
    });
    const started = performance.now();
    const res = await query(api({ dataSource: slow, requestTimeoutMs: 150 }), '{ slow { id } }');
    const elapsed = performance.now() - started;
    expect(res.body).toEqual({
      data: null,
      errors: [{ errorType: 'ExecutionTimeout', message: 'Execution timed out.' }],
    });
    expect(elapsed).toBeLessThan(390);
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toEqual(['first']);
  });
});

describe('document cache', () => {
  function engine(): Engine {
    const s = installAppSyncScalars(parseAppSyncSchema(schema));
    return {
      schema: s,
      plans: new Map(),
      environment: {},
      authRule: buildFieldAuthRules(s, 'API_KEY'),
      limits: APPSYNC_DEFAULT_LIMITS,
      timeoutMs: 30_000,
      maxResponseBytes: 5 * 1024 * 1024,
    };
  }
  const auth = { mode: 'API_KEY' as const, identity: null };
  const padded = (n: number, chars: number) => `query Q${n} { __typename }`.padEnd(chars, ' ');

  it('keeps no document over MAX_CACHED_QUERY_CHARS', async () => {
    const e = engine();
    for (let i = 0; i < 5; i += 1) await executeRequest(e, { query: padded(i, MAX_CACHED_QUERY_CHARS + 1) }, auth, {});
    expect(cachedDocumentChars(e)).toBe(0);
  });

  it('holds at most DOCUMENT_CACHE_CHARS of query text, whatever the number of documents', async () => {
    const e = engine();
    const each = MAX_CACHED_QUERY_CHARS;
    const count = Math.ceil((2 * DOCUMENT_CACHE_CHARS) / each);
    for (let i = 0; i < count; i += 1) await executeRequest(e, { query: padded(i, each) }, auth, {});
    expect(cachedDocumentChars(e)).toBeGreaterThan(DOCUMENT_CACHE_CHARS - each);
    expect(cachedDocumentChars(e)).toBeLessThanOrEqual(DOCUMENT_CACHE_CHARS);
  });
});

describe('document size', () => {
  // `{ a0: __typename ... }`: three tokens an alias, two braces.
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;

  it(`parses up to ${MAX_QUERY_TOKENS} tokens and refuses a document past them as unparsable`, async () => {
    const under = Math.floor((MAX_QUERY_TOKENS - 2) / 3);
    const ok = await query(api(), aliases(under));
    expect(Object.keys(ok.body.data)).toHaveLength(under);
    const over = await query(api(), aliases(under + 1));
    expect(over).toEqual({ status: MALFORMED.status, body: MALFORMED.body });
  });
});

describe('declaration', () => {
  it('refuses settings outside the ranges AppSync accepts', () => {
    const s = parseAppSyncSchema(schema);
    expect(() => checkWiring(s, wiringWith({ queryDepth: 0, resolverCount: 10_001, introspection: true }))).toThrow(
      /limits\.queryDepth is 0; AppSync accepts a whole number from 1 to 75[\s\S]*limits\.resolverCount is 10001; AppSync accepts a whole number from 1 to 10000/,
    );
    expect(() => checkWiring(s, wiringWith(LIMITS))).not.toThrow();
  });
});
