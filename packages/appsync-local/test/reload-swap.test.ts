/**
 * LocalApi.reload: the new version serves the requests that start after it; a request already running
 * finishes on the version it started with; a reload that fails leaves the running version in place.
 */
import { describe, expect, it } from 'vitest';
import type { ApiWiring } from 'appsync-cloud';
import { fakeCode, query, testApi } from './graphql/fakes.ts';

const SCHEMA = 'type Query { hello: String }';
const wiring: ApiWiring = {
  dataSources: [{ name: 'ds', kind: 'NONE' }],
  functions: [],
  resolvers: [{ typeName: 'Query', fieldName: 'hello', kind: 'UNIT', dataSource: 'ds', code: 'hello.js' }],
  environment: {},
};
const version = (answer: string) => fakeCode('hello.js', { request: () => ({}), response: () => answer });

describe('LocalApi.reload', () => {
  it('swaps versions between requests, never under a running one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = testApi({
      schema: SCHEMA,
      wiring,
      codes: { 'hello.js': version('v1') },
      dataSources: { ds: { invoke: async () => (await gate, { result: null, error: null }) } },
    });
    const running = query(api, '{ hello }');
    await new Promise((r) => setTimeout(r, 20)); // the request is now waiting on its data source
    api.reload({ schemaSDL: SCHEMA, wiring, compile: () => version('v2'), environment: {} });
    release();
    expect((await running).body.data).toEqual({ hello: 'v1' });
    expect((await query(api, '{ hello }')).body.data).toEqual({ hello: 'v2' });

    const broken: ApiWiring = { ...wiring, resolvers: [{ ...wiring.resolvers[0], fieldName: 'goodbye' }] };
    expect(() =>
      api.reload({ schemaSDL: SCHEMA, wiring: broken, compile: () => version('v3'), environment: {} }),
    ).toThrow(/no field "goodbye"/);
    expect((await query(api, '{ hello }')).body.data).toEqual({ hello: 'v2' });
  });
});
