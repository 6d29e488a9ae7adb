import { describe, expect, it } from 'vitest';
import { wireApi, type ApiWiring, type DataSource, type PipelineFunction } from 'appsync-cloud';
import type { RequestLogEntry } from '../../src/runtime/runtime.ts';
import { echoDataSource, fakeCode, query, testApi } from './fakes.ts';

const schema = 'type Query { a: String b: String }';
const wiring: ApiWiring = {
  dataSources: [{ name: 'DS', kind: 'NONE' }],
  functions: [{ name: 'fn', dataSource: 'DS', code: 'functions/fn.ts' }],
  resolvers: [
    { typeName: 'Query', fieldName: 'a', kind: 'UNIT', dataSource: 'DS', code: 'resolvers/a.ts' },
    { typeName: 'Query', fieldName: 'b', kind: 'PIPELINE', code: 'resolvers/b.ts', functions: ['fn'] },
  ],
  environment: {},
};
const full = { request: () => ({}), response: () => 'x' };
const goodCodes = {
  'resolvers/a.ts': fakeCode('a', full),
  'resolvers/b.ts': fakeCode('b', full),
  'functions/fn.ts': fakeCode('fn', full),
};

describe('start-up', () => {
  it('refuses a wiring that does not match the schema', () => {
    const bad: ApiWiring = {
      ...wiring,
      resolvers: [
        ...wiring.resolvers,
        { typeName: 'Query', fieldName: 'zzz', kind: 'UNIT', dataSource: 'DS', code: 'resolvers/a.ts' },
      ],
    };
    expect(() => testApi({ schema, wiring: bad, codes: goodCodes, dataSources: { DS: echoDataSource() } })).toThrow(
      /no field "zzz"/,
    );
  });

  it('names the file whose code fails to compile', () => {
    expect(() =>
      testApi({
        schema,
        wiring,
        codes: {
          ...goodCodes,
          get ['functions/fn.ts'](): never {
            throw new Error('while is not supported');
          },
        },
        dataSources: { DS: echoDataSource() },
      }),
    ).toThrow(/functions\/fn\.ts: while is not supported/);
  });

  it('refuses code without a request or response handler', () => {
    expect(() =>
      testApi({
        schema,
        wiring,
        codes: { ...goodCodes, 'resolvers/b.ts': fakeCode('b', { request: () => ({}) }) },
        dataSources: { DS: echoDataSource() },
      }),
    ).toThrow(/resolvers\/b\.ts: APPSYNC_JS code must export response/);
  });

  it('refuses a wiring data source without an invoker', () => {
    expect(() => testApi({ schema, wiring, codes: goodCodes, dataSources: {} })).toThrow(/data source "DS"/);
  });

  it('compiles each source once and logs every request with its resolvers', async () => {
    let compiles = 0;
    const entries: RequestLogEntry[] = [];
    const api = testApi({
      schema,
      wiring,
      codes: new Proxy(goodCodes, {
        get: (target, prop: string) => {
          compiles += 1;
          return target[prop as keyof typeof target];
        },
      }),
      dataSources: { DS: echoDataSource() },
      log: (e) => entries.push(e),
    });
    expect(compiles).toBe(3);
    await query(api, 'query Both { a b }');
    await query(api, 'query Both { a b }');
    expect(compiles).toBe(3);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ operationName: 'Both', status: 200 });
    expect(entries[0].resolvers.map((r) => r.field).sort()).toEqual(['Query.a', 'Query.b']);
    expect(entries[0].totalMs).toBeGreaterThanOrEqual(0);
    await query(api, '{ a }', undefined, {});
    expect(entries[2]).toMatchObject({ operationName: null, status: 401, resolvers: [] });
  });
});

describe('the wiring of a declaration', () => {
  const shared: PipelineFunction = { name: 'fn', dataSource: 'DS', code: 'functions/fn.ts' };
  const declaration = (second: PipelineFunction) =>
    wireApi({
      dataSources: wiring.dataSources,
      resolvers: [
        { typeName: 'Query', fieldName: 'a', kind: 'PIPELINE', code: 'resolvers/a.ts', functions: [shared] },
        {
          typeName: 'Query',
          fieldName: 'b',
          kind: 'PIPELINE',
          code: 'resolvers/b.ts',
          functions: [{ ...shared }, second],
        },
      ],
      environment: {},
    });

  it('lists the functions its pipelines name, each once', () => {
    const second = { name: 'fn2', dataSource: 'DS', code: 'functions/fn2.ts' };
    const derived = declaration(second);
    expect(derived.functions).toEqual([shared, second]);
    expect(derived.resolvers.map((r) => (r.kind === 'PIPELINE' ? r.functions : []))).toEqual([['fn'], ['fn', 'fn2']]);
  });

  it('refuses two different functions under one name, and a data source of an unknown kind, in one error', () => {
    const clash = declaration({ ...shared, code: 'functions/other.ts' });
    const bad: ApiWiring = {
      ...clash,
      dataSources: [...clash.dataSources, { name: 'Queue', kind: 'SQS' } as unknown as DataSource],
    };
    const codes = { ...goodCodes, 'functions/other.ts': fakeCode('other', full) };
    const start = () =>
      testApi({ schema, wiring: bad, codes, dataSources: { DS: echoDataSource(), Queue: echoDataSource() } });
    expect(start).toThrow(/function "fn" is declared twice/);
    expect(start).toThrow(/data source "Queue" has kind "SQS", which is not one of DYNAMODB, NONE, LAMBDA/);
  });
});
