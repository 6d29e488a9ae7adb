/**
 * Introspection counts toward every bound: a fan-out of `__schema`/`__type` or of the `__Type` fields
 * that close the schema's cycles, and an operation over 500 fields or 20 levels, are refused before
 * anything runs (BadFaithIntrospection, as graphql-java's good faith introspection); introspection
 * counts toward the query depth limit; and its size is estimated before graphql-js builds it, so an
 * answer over the response limit is refused. The standard introspection query still answers.
 */
import { getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { INTROSPECTION_MAX_FIELDS } from '../../src/runtime/graphql/introspection-limits.ts';
import { estimateBytes, responseTooLarge } from '../../src/runtime/graphql/response-size.ts';
import { createLocalApi } from '../../src/runtime/runtime.ts';
import { parseAppSyncSchema, type ApiLimits } from 'appsync-cloud';
import { apiKeyAuth, echoDataSource, fakeCode, query, unitWiring } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    item(id: ID!): Item
  }
  type Item {
    id: ID
    name: String
    parts(first: Int): [Item!]!
    kind: Kind
  }
  enum Kind {
    SMALL
    LARGE
  }
`;

const calls: string[] = [];

function api(opts: { limits?: ApiLimits; maxResponseBytes?: number } = {}) {
  return createLocalApi({
    schemaSDL: schema,
    wiring: { ...unitWiring({ item: 'item.ts' }), ...(opts.limits ? { limits: opts.limits } : {}) },
    compile: () =>
      fakeCode('item', {
        request: () => ({ payload: { id: 'i1', name: 'one', parts: [] } }),
        response: (c) => c.result,
      }),
    dataSources: { DS: echoDataSource(calls) },
    environment: {},
    auth: apiKeyAuth,
    ...(opts.maxResponseBytes ? { maxResponseBytes: opts.maxResponseBytes } : {}),
  });
}

const DEEP = 'fragment T on __Type { name kind fields { name args { name type { name } } type { name kind } } }';
const aliasesOf = (root: string, n: number) =>
  `{ item(id: "i1") { id } ${Array.from({ length: n }, (_, i) => `a${i}: ${root} { ...S }`).join(' ')} } fragment S on __Schema { types { ...T } } ${DEEP}`;

const badFaith = (coordinate: string) => ({
  data: null,
  errors: [
    {
      path: null,
      locations: null,
      errorType: 'BadFaithIntrospection',
      message: `This request is not asking for introspection in good faith - ${coordinate} is present too often!`,
    },
  ],
});

describe('introspection bounds', () => {
  it('refuses a fan-out of __schema or __type before any resolver runs', async () => {
    calls.length = 0;
    const started = performance.now();
    const fan = await query(api(), aliasesOf('__schema', 1000));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(fan.body).toEqual(badFaith('Query.__schema'));
    expect((await query(api(), aliasesOf('__schema', 2))).body).toEqual(badFaith('Query.__schema'));
    const types = await query(api(), '{ a: __type(name: "Item") { name } b: __type(name: "Kind") { name } }');
    expect(types.body).toEqual(badFaith('Query.__type'));
    expect(calls).toEqual([]);
  });

  it('refuses the __Type fields that close the schema cycle twice along the answer', async () => {
    const twice = await query(api(), '{ __schema { types { fields { name } again: fields { name } } } }');
    expect(twice.body).toEqual(badFaith('__Type.fields'));
    const nested = await query(
      api(),
      '{ __type(name: "Item") { possibleTypes { name } interfaces { possibleTypes { name } } } }',
    );
    expect(nested.body).toEqual(badFaith('__Type.possibleTypes'));
    // The same selection twice under one response key is one field of the answer.
    const merged = await query(api(), '{ __schema { types { fields { name } fields { name } } } }');
    expect(merged.body.errors).toBeUndefined();
  });

  it(`refuses an introspecting operation over ${INTROSPECTION_MAX_FIELDS} fields`, async () => {
    const names = Array.from({ length: INTROSPECTION_MAX_FIELDS }, (_, i) => `n${i}: name`).join(' ');
    const res = await query(api(), `{ __schema { types { ${names} } } }`);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ errorType: 'BadFaithIntrospection', message: expect.stringContaining('too big') }),
    ]);
    // The same fields without introspection are no concern of this rule.
    const plain = Array.from({ length: INTROSPECTION_MAX_FIELDS }, (_, i) => `n${i}: name`).join(' ');
    expect((await query(api(), `{ item(id: "i1") { ${plain} } }`)).body.errors).toBeUndefined();
  });

  it('counts introspection toward the query depth limit', async () => {
    const limits = { queryDepth: 3, resolverCount: 10, introspection: true };
    const deep = await query(api({ limits }), '{ __schema { types { fields { name } } } }');
    expect(deep.body).toEqual({
      data: null,
      errors: [
        { path: null, locations: null, errorType: 'QueryDepthLimitReached', message: 'Query depth limit of 3 reached' },
      ],
    });
    const shallow = await query(api({ limits }), '{ __schema { types { name } } }');
    expect(shallow.body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('Item');
  });

  it('refuses introspection whose answer is over the response limit, before building it', async () => {
    const limit = 4 * 1024;
    const full = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
    const res = await query(api({ maxResponseBytes: limit }), full);
    expect(res.body).toEqual({ data: null, errors: [responseTooLarge(limit)] });
    const small = await query(api({ maxResponseBytes: limit }), '{ __type(name: "Kind") { enumValues { name } } }');
    expect(small.body).toEqual({ data: { __type: { enumValues: [{ name: 'SMALL' }, { name: 'LARGE' }] } } });
  });

  it('still answers the standard introspection query in full', async () => {
    const res = await query(
      api(),
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }),
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['Item', 'Kind', '__Schema']),
    );
  });

  it('estimates introspection close to the JSON graphql-js builds', async () => {
    const text = `{ __schema { types { ...T } } __type(name: "Item") { name kind } } ${DEEP}`;
    const parsedSchema = parseAppSyncSchema(schema);
    const doc = parse(text);
    const op = doc.definitions[0];
    if (op.kind !== 'OperationDefinition') throw new Error('no operation');
    const fragments = Object.fromEntries(
      doc.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [])),
    );
    const walk = { schema: parsedSchema, fragments, hasResolver: () => false };
    const estimate = estimateBytes(walk, parsedSchema.getQueryType()!, [op.selectionSet], {}, Infinity);
    const answer = (await query(api(), text)).body;
    expect(answer.errors).toBeUndefined();
    const actual = JSON.stringify(answer.data).length;
    expect(estimate).toBeGreaterThanOrEqual(actual);
    expect(estimate).toBeLessThan(actual * 1.3);
  });
});
