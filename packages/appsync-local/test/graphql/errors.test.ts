import { describe, expect, it } from 'vitest';
import type { ApiWiring } from 'appsync-cloud';
import type { CompiledCode } from '../../src/runtime/types.ts';
import {
  echoDataSource,
  fakeCode,
  fakeDataSource,
  query,
  testApi,
  unitWiring,
  API_KEY,
  type Handler,
} from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    item: Item
    items: [Item!]
    strict: Item!
    other: String
  }
  type Mutation {
    save(name: String!): Item
  }
  type Item {
    id: ID!
    name: String
  }
`;

function api(handlers: { request: Handler; response: Handler }, ds = echoDataSource()) {
  const unit = (fieldName: string, typeName = 'Query') => ({
    typeName,
    fieldName,
    kind: 'UNIT' as const,
    dataSource: 'DS',
    code: `r/${fieldName}.ts`,
  });
  const wiring: ApiWiring = {
    dataSources: [{ name: 'DS', kind: 'NONE' }],
    functions: [],
    resolvers: [unit('item'), unit('items'), unit('strict'), unit('other'), unit('save', 'Mutation')],
    environment: {},
  };
  const code = fakeCode('code', handlers);
  const codes: Record<string, CompiledCode> = {};
  for (const r of wiring.resolvers) codes[r.code] = code;
  return testApi({ schema, wiring, codes, dataSources: { DS: ds } });
}

const location = (line: number, column: number) => [{ line, column, sourceName: null }];
/** A field error as AppSync writes one with no `data` and no `errorInfo`. */
const fieldError = (
  path: (string | number)[],
  errorType: string | null,
  message: string,
  locations: ReturnType<typeof location> | null,
) => ({ path, data: null, errorType, errorInfo: null, locations, message });

describe('field errors', () => {
  it('util.error makes the field null with an AppSync-shaped error; other fields still resolve', async () => {
    const a = api({
      request: (ctx, t) =>
        ctx.info.fieldName === 'item' ? t.error('Item is broken', 'Custom', { id: 1 }, { hint: 'h' }) : {},
      response: () => 'fine',
    });
    const res = await query(a, '{\n  item { id }\n  other\n}');
    expect(res.body).toEqual({
      data: { item: null, other: 'fine' },
      errors: [
        {
          path: ['item'],
          data: { id: 1 },
          errorType: 'Custom',
          errorInfo: { hint: 'h' },
          locations: location(2, 3),
          message: 'Item is broken',
        },
      ],
    });
  });

  it('util.appendError keeps the returned data and adds the error', async () => {
    const a = api({
      request: () => ({}),
      response: (_ctx, t) => {
        t.appendError('partial', 'Warning');
        return { id: '1', name: 'kept' };
      },
    });
    const res = await query(a, '{ item { id name } }');
    expect(res.body).toEqual({
      data: { item: { id: '1', name: 'kept' } },
      errors: [fieldError(['item'], 'Warning', 'partial', location(1, 3))],
    });
  });

  it('a JavaScript error in resolver code gives errorType "Code"', async () => {
    const a = api({
      request: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
      response: () => null,
    });
    const res = await query(a, '{ other }');
    expect(res.body.data).toEqual({ other: null });
    expect(res.body.errors[0]).toMatchObject({
      path: ['other'],
      errorType: 'Code',
      message: "Cannot read properties of undefined (reading 'x')",
    });
  });

  it('an exception escaping CompiledCode.run is a "Code" field error, not a crash', async () => {
    const broken: CompiledCode = {
      fileName: 'broken',
      hasRequest: true,
      hasResponse: true,
      run: () => {
        throw new Error('sandbox blew up');
      },
    };
    const wiring = unitWiring({ other: 'r/other.ts' });
    const a = testApi({ schema, wiring, codes: { 'r/other.ts': broken }, dataSources: { DS: echoDataSource() } });
    const res = await query(a, '{ other }');
    expect(res.status).toBe(200);
    expect(res.body.errors[0]).toMatchObject({ path: ['other'], errorType: 'Code', message: 'sandbox blew up' });
  });

  it('an exception thrown by a data source lands in ctx.error, and the field errors if the handler raises it', async () => {
    const ds = fakeDataSource(() => {
      throw new Error('connection refused');
    });
    const a = api(
      {
        request: () => ({}),
        response: (ctx, t) => (ctx.error ? t.error(ctx.error.message, ctx.error.type) : ctx.result),
      },
      ds,
    );
    const res = await query(a, '{ other }');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { other: null },
      errors: [fieldError(['other'], 'InternalFailure', 'connection refused', location(1, 3))],
    });
  });

  it('null in a non-null field propagates to the nearest nullable parent', async () => {
    const a = api({
      request: () => ({}),
      response: (ctx) => (ctx.info.fieldName === 'items' ? [{ id: '1' }, { id: null }] : { id: null }),
    });
    const list = await query(a, '{ items { id } }');
    expect(list.body.data).toEqual({ items: null });
    expect(list.body.errors).toEqual([
      fieldError(
        ['items', 1, 'id'],
        null,
        "Cannot return null for non-nullable type: 'ID' within parent 'Item' (/items[1]/id)",
        null,
      ),
    ]);
    const root = await query(a, '{ strict { id } }');
    expect(root.body.data).toBeNull();
    expect(root.body.errors[0].path).toEqual(['strict', 'id']);
  });

  it('a mutation resolver error has the same shape', async () => {
    const a = api({ request: (ctx, t) => t.error(`cannot save ${ctx.args.name}`, 'Conflict'), response: () => null });
    const res = await query(a, 'mutation { save(name: "x") { id } }');
    expect(res.body).toEqual({
      data: { save: null },
      errors: [fieldError(['save'], 'Conflict', 'cannot save x', location(1, 12))],
    });
  });
});

describe('request errors', () => {
  const a = api({ request: () => ({}), response: () => null });

  it('an unknown field is a validation error with graphql-java wording, HTTP 200 and data null', async () => {
    const res = await query(a, '{badfield}');
    expect(res).toEqual({
      status: 200,
      body: {
        data: null,
        errors: [
          {
            path: null,
            locations: location(1, 2),
            message: "Validation error of type FieldUndefined: Field 'badfield' in type 'Query' is undefined",
          },
        ],
      },
    });
  });

  it('a syntax error is a 400 MalformedHttpRequestException', async () => {
    for (const text of ['meow', '{}', '{ item { id }']) {
      const res = await query(a, text);
      expect(res).toEqual({
        status: 400,
        body: { errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }] },
      });
    }
  });

  it('a body without a query string is a 400 MalformedHttpRequestException', async () => {
    for (const body of [{}, [], 'text', { query: 42 }, { query: '{ other }', variables: [1] }]) {
      const res = await a.handle({ body, headers: { 'x-api-key': API_KEY } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }],
      });
    }
  });

  it('a missing non-null variable is a request error with data null', async () => {
    const res = await query(a, 'mutation M($n: String!) { save(name: $n) { id } }', {});
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe("Variable 'n' has coerced Null value for NonNull type 'String!'");
    expect(res.body.errors[0].path).toBeNull();
  });
});
