import { describe, expect, it } from 'vitest';
import type { ApiWiring } from 'appsync-cloud';
import type { ResolverContext } from '../../src/runtime/types.ts';
import { echoDataSource, fakeCode, fakeDataSource, query, testApi, type Handler } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    unit(id: ID!, note: String): Item
    piped(n: Int): String
    json(input: AWSJSON): AWSJSON
  }
  type Item {
    id: ID!
    name: String
    child: Item
  }
`;

const none = { name: 'NoneDS', kind: 'NONE' as const };

function pipelineWiring(functions: string[]): ApiWiring {
  return {
    dataSources: [none, { name: 'OtherDS', kind: 'NONE' }],
    functions: functions.map((name) => ({
      name,
      dataSource: name === 'f2' ? 'OtherDS' : 'NoneDS',
      code: `functions/${name}.ts`,
    })),
    resolvers: [{ typeName: 'Query', fieldName: 'piped', kind: 'PIPELINE', code: 'resolvers/piped.ts', functions }],
    environment: {},
  };
}

const passRequest: Handler = (ctx) => ({ payload: ctx.prev.result });
const passResponse: Handler = (ctx) => ctx.result;

describe('unit resolvers', () => {
  const wiring: ApiWiring = {
    dataSources: [none],
    functions: [],
    resolvers: [
      { typeName: 'Query', fieldName: 'unit', kind: 'UNIT', dataSource: 'NoneDS', code: 'resolvers/unit.ts' },
    ],
    environment: {},
  };

  it('runs request, then the data source with what request returned, then response with ctx.result', async () => {
    const calls: string[] = [];
    const seen: unknown[] = [];
    const api = testApi({
      schema,
      wiring,
      codes: {
        'resolvers/unit.ts': fakeCode(
          'unit',
          {
            request: (ctx) => ({ payload: { id: ctx.args.id, name: `n-${ctx.arguments.id}` } }),
            response: (ctx) => {
              seen.push(ctx.result, ctx.error ?? null);
              return { ...(ctx.result as object), child: { id: 'c1', name: 'kid' } };
            },
          },
          calls,
        ),
      },
      dataSources: {
        NoneDS: fakeDataSource((req) => {
          calls.push(`request=${JSON.stringify(req)}`);
          return { result: (req as { payload: unknown }).payload, error: null };
        }, calls),
      },
    });
    const res = await query(api, '{ unit(id: "7") { id name child { id name } } }');
    expect(res).toEqual({
      status: 200,
      body: { data: { unit: { id: '7', name: 'n-7', child: { id: 'c1', name: 'kid' } } } },
    });
    expect(calls).toEqual([
      'unit:request',
      'ds:invoke',
      'request={"payload":{"id":"7","name":"n-7"}}',
      'unit:response',
    ]);
    expect(seen).toEqual([{ id: '7', name: 'n-7' }, null]);
  });

  it('earlyReturn in a unit request skips the data source and the response', async () => {
    const calls: string[] = [];
    const api = testApi({
      schema,
      wiring,
      codes: {
        'resolvers/unit.ts': fakeCode(
          'unit',
          { request: (_ctx, t) => t.earlyReturn({ id: 'early' }), response: () => ({ id: 'late' }) },
          calls,
        ),
      },
      dataSources: { NoneDS: echoDataSource(calls) },
    });
    const res = await query(api, '{ unit(id: "1") { id } }');
    expect(res.body).toEqual({ data: { unit: { id: 'early' } } });
    expect(calls).toEqual(['unit:request']);
  });

  it('puts a data source error in ctx.error and lets the response handler decide', async () => {
    const api = testApi({
      schema,
      wiring,
      codes: {
        'resolvers/unit.ts': fakeCode('unit', {
          request: () => ({}),
          response: (ctx) => ({ id: 'x', name: `${ctx.error?.type}: ${ctx.error?.message}` }),
        }),
      },
      dataSources: {
        NoneDS: fakeDataSource(() => ({
          result: null,
          error: { type: 'DynamoDB:ConditionalCheckFailedException', message: 'nope' },
        })),
      },
    });
    const res = await query(api, '{ unit(id: "1") { id name } }');
    expect(res.body).toEqual({ data: { unit: { id: 'x', name: 'DynamoDB:ConditionalCheckFailedException: nope' } } });
  });
});

describe('pipeline resolvers', () => {
  function recorderCodes(calls: string[], overrides: Record<string, { request?: Handler; response?: Handler }> = {}) {
    const codes: Record<string, ReturnType<typeof fakeCode>> = {};
    codes['resolvers/piped.ts'] = fakeCode(
      'resolver',
      overrides.resolver ?? {
        request: (ctx) => {
          ctx.stash.trail = ['resolver.request'];
          return 'start';
        },
        response: (ctx) => JSON.stringify({ prev: ctx.prev.result, trail: ctx.stash.trail }),
      },
      calls,
    );
    for (const name of ['f1', 'f2', 'f3']) {
      codes[`functions/${name}.ts`] = fakeCode(
        name,
        overrides[name] ?? {
          request: (ctx) => {
            (ctx.stash.trail as string[]).push(`${name}.request(prev=${ctx.prev.result})`);
            return { payload: `${ctx.prev.result}>${name}` };
          },
          response: (ctx) => {
            (ctx.stash.trail as string[]).push(`${name}.response(result=${ctx.result})`);
            return ctx.result;
          },
        },
        calls,
      );
    }
    return codes;
  }

  /** The pipeline API with these functions, recording every call (and `overrides` in place of the recorder's handlers). */
  const pipedApi = (calls: string[], functions: string[], overrides?: Parameters<typeof recorderCodes>[1]) =>
    testApi({
      schema,
      wiring: pipelineWiring(functions),
      codes: recorderCodes(calls, overrides),
      dataSources: { NoneDS: echoDataSource(calls, 'NoneDS'), OtherDS: echoDataSource(calls, 'OtherDS') },
    });

  it('runs resolver request, each function (request, data source, response) in order, then resolver response', async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3']);
    const res = await query(api, '{ piped }');
    expect(calls).toEqual([
      'resolver:request',
      'f1:request',
      'NoneDS:invoke',
      'f1:response',
      'f2:request',
      'OtherDS:invoke',
      'f2:response',
      'f3:request',
      'NoneDS:invoke',
      'f3:response',
      'resolver:response',
    ]);
    expect(JSON.parse(res.body.data.piped)).toEqual({
      prev: 'start>f1>f2>f3',
      trail: [
        'resolver.request',
        'f1.request(prev=start)',
        'f1.response(result=start>f1)',
        'f2.request(prev=start>f1)',
        'f2.response(result=start>f1>f2)',
        'f3.request(prev=start>f1>f2)',
        'f3.response(result=start>f1>f2>f3)',
      ],
    });
  });

  it('earlyReturn in a function request skips its data source and response; prev.result is the early value', async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3'], {
      f2: {
        request: (ctx, t) => t.earlyReturn(`${ctx.prev.result}>early2`),
        response: () => 'never',
      },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual([
      'resolver:request',
      'f1:request',
      'NoneDS:invoke',
      'f1:response',
      'f2:request',
      'f3:request',
      'NoneDS:invoke',
      'f3:response',
      'resolver:response',
    ]);
    expect(JSON.parse(res.body.data.piped).prev).toBe('start>f1>early2>f3');
  });

  it("earlyReturn with skipTo 'END' in a function request skips the remaining functions too", async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3'], {
      f2: { request: (ctx, t) => t.earlyReturn(`${ctx.prev.result}>end2`, { skipTo: 'END' }), response: () => 'never' },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual([
      'resolver:request',
      'f1:request',
      'NoneDS:invoke',
      'f1:response',
      'f2:request',
      'resolver:response',
    ]);
    expect(JSON.parse(res.body.data.piped).prev).toBe('start>f1>end2');
  });

  it("earlyReturn with skipTo 'NEXT' in a function request goes on with the next function", async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3'], {
      f1: {
        request: (ctx, t) => t.earlyReturn(`${ctx.prev.result}>next1`, { skipTo: 'NEXT' }),
        response: () => 'never',
      },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual([
      'resolver:request',
      'f1:request',
      'f2:request',
      'OtherDS:invoke',
      'f2:response',
      'f3:request',
      'NoneDS:invoke',
      'f3:response',
      'resolver:response',
    ]);
    expect(JSON.parse(res.body.data.piped).prev).toBe('start>next1>f2>f3');
  });

  it("earlyReturn with skipTo 'END' in a function response makes its value the result and skips the rest", async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3'], {
      f1: { request: passRequest, response: (ctx, t) => t.earlyReturn(`${ctx.result}>done1`, { skipTo: 'END' }) },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual(['resolver:request', 'f1:request', 'NoneDS:invoke', 'f1:response', 'resolver:response']);
    expect(JSON.parse(res.body.data.piped).prev).toBe('start>done1');
  });

  it("earlyReturn with skipTo 'NEXT' in the resolver request still skips every function", async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2', 'f3'], {
      resolver: {
        request: (_ctx, t) => t.earlyReturn('cached', { skipTo: 'NEXT' }),
        response: (ctx) => `after:${ctx.prev.result}`,
      },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual(['resolver:request', 'resolver:response']);
    expect(res.body).toEqual({ data: { piped: 'after:cached' } });
  });

  it('earlyReturn in the resolver request skips every function and runs the resolver response', async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2'], {
      resolver: {
        request: (_ctx, t) => t.earlyReturn('cached'),
        response: (ctx) => `after:${ctx.prev.result}`,
      },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual(['resolver:request', 'resolver:response']);
    expect(res.body).toEqual({ data: { piped: 'after:cached' } });
  });

  it('util.error in a function stops the pipeline: later functions and the resolver response do not run', async () => {
    const calls: string[] = [];
    const api = pipedApi(calls, ['f1', 'f2'], {
      f1: { request: (_c, t) => t.error('bad input', 'BadRequest', { x: 1 }, { why: 'test' }), response: () => null },
    });
    const res = await query(api, '{ piped }');
    expect(calls).toEqual(['resolver:request', 'f1:request']);
    expect(res.body).toEqual({
      data: { piped: null },
      errors: [
        {
          path: ['piped'],
          data: { x: 1 },
          errorType: 'BadRequest',
          errorInfo: { why: 'test' },
          locations: [{ line: 1, column: 3, sourceName: null }],
          message: 'bad input',
        },
      ],
    });
  });
});

describe('the resolver context', () => {
  it('carries arguments, args, identity, source, headers (lower-cased), info and env', async () => {
    let top: ResolverContext | undefined;
    let nested: ResolverContext | undefined;
    const wiring: ApiWiring = {
      dataSources: [none],
      functions: [],
      resolvers: [
        { typeName: 'Query', fieldName: 'unit', kind: 'UNIT', dataSource: 'NoneDS', code: 'resolvers/unit.ts' },
        { typeName: 'Item', fieldName: 'child', kind: 'UNIT', dataSource: 'NoneDS', code: 'resolvers/child.ts' },
      ],
      environment: {},
    };
    const api = testApi({
      schema,
      wiring,
      environment: { TABLE: 'T1' },
      codes: {
        'resolvers/unit.ts': fakeCode('unit', {
          request: (ctx) => {
            top = ctx;
            return {};
          },
          response: () => ({ id: 'p', name: 'parent' }),
        }),
        'resolvers/child.ts': fakeCode('child', {
          request: (ctx) => {
            nested = ctx;
            return {};
          },
          response: () => ({ id: 'c' }),
        }),
      },
      dataSources: { NoneDS: echoDataSource() },
    });
    const res = await api.handle({
      body: { query: 'query Q($id: ID!) { unit(id: $id, note: "hi") { id child { id } } }', variables: { id: '42' } },
      headers: { 'X-Api-Key': 'test-api-key', 'X-Custom-Header': 'Yes' },
    });
    expect(res.status).toBe(200);
    expect(top!.arguments).toEqual({ id: '42', note: 'hi' });
    expect(top!.args).toEqual(top!.arguments);
    expect(top!.identity).toBeNull();
    expect(top!.source).toBeNull();
    expect(top!.request.headers['x-custom-header']).toBe('Yes');
    expect(top!.info).toMatchObject({
      fieldName: 'unit',
      parentTypeName: 'Query',
      variables: { id: '42' },
      selectionSetList: ['id', 'child', 'child/id'],
    });
    expect(top!.env).toEqual({ TABLE: 'T1' });
    expect(nested!.source).toEqual({ id: 'p', name: 'parent' });
    expect(nested!.info.parentTypeName).toBe('Item');
    expect(nested!.stash).toEqual({});
  });

  it('passes AWSJSON arguments to resolvers parsed, and serializes AWSJSON results as JSON text', async () => {
    let args: Record<string, unknown> = {};
    const api = testApi({
      schema,
      wiring: {
        dataSources: [none],
        functions: [],
        resolvers: [
          { typeName: 'Query', fieldName: 'json', kind: 'UNIT', dataSource: 'NoneDS', code: 'resolvers/json.ts' },
        ],
        environment: {},
      },
      codes: {
        'resolvers/json.ts': fakeCode('json', {
          request: (ctx) => {
            args = ctx.args;
            return {};
          },
          response: (ctx) => ({ got: ctx.args.input }),
        }),
      },
      dataSources: { NoneDS: echoDataSource() },
    });
    const literal = await query(api, '{ json(input: "{\\"a\\":[1,2]}") }');
    expect(args).toEqual({ input: { a: [1, 2] } });
    expect(JSON.parse(literal.body.data.json)).toEqual({ got: { a: [1, 2] } });
    const variable = await query(api, 'query($j: AWSJSON) { json(input: $j) }', { j: '{"b":true}' });
    expect(JSON.parse(variable.body.data.json)).toEqual({ got: { b: true } });
  });
});
