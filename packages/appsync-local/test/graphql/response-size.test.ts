/**
 * A response's size is bounded while it is built: a small query that multiplies out (one fragment of
 * many aliases spread under every item of several aliased lists) is refused with
 * ResponseSizeLimitExceeded once its estimate passes the limit, before graphql-js builds the rest;
 * a response under the limit is unchanged. The same estimate keeps a subscriber's selection from
 * building a message far over the real-time quota.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateBytes, responseTooLarge } from '../../src/runtime/graphql/response-size.ts';
import { createLocalApi } from '../../src/runtime/runtime.ts';
import { parseAppSyncSchema } from 'appsync-cloud';
import { apiKeyAuth, echoDataSource, fakeCode, query, unitWiring } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    items(n: Int!): [Item]
    one: Item
  }
  type Item {
    id: ID
    name: String
    tags: [String]
  }
`;

const wiring = unitWiring({ items: 'items.ts', one: 'one.ts' });

const item = (i: number) => ({ id: `item-${i}`, name: `Item number ${i}`, tags: ['a', 'b'] });
const LIMIT = 256 * 1024;

function api(maxResponseBytes = LIMIT) {
  return createLocalApi({
    schemaSDL: schema,
    wiring,
    compile: (source) =>
      ({
        'items.ts': fakeCode('items', {
          request: (ctx) => ({ payload: Array.from({ length: ctx.args.n as number }, (_, i) => item(i)) }),
          response: (ctx) => ctx.result,
        }),
        'one.ts': fakeCode('one', { request: () => ({ payload: item(1) }), response: (ctx) => ctx.result }),
      })[source]!,
    dataSources: { DS: echoDataSource() },
    environment: {},
    auth: apiKeyAuth,
    maxResponseBytes,
  });
}

/** The shape: one fragment of `aliases` aliases, spread under `lists` aliased lists of `n` items. */
function amplifying(aliases: number, lists: number, n: number): string {
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: name`).join(' ');
  const spreads = Array.from({ length: lists }, (_, i) => `l${i}: items(n: ${n}) { ...F }`).join(' ');
  return `query Big { ${spreads} } fragment F on Item { ${fields} }`;
}

describe('the response size limit', () => {
  it('refuses a query whose response multiplies out past the limit, without building it', async () => {
    // 20 lists x 100 items x 1,000 aliases: 2,000,000 fields, about 40 MB of JSON, from a 10 KB query.
    const text = amplifying(1000, 20, 100);
    expect(text.length).toBeLessThan(16 * 1024);
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await query(api(), text);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, errors: [responseTooLarge(LIMIT)] });
    // Built at most about the limit's worth (a JS object takes several times its JSON), not 40 MB.
    expect(heapGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('answers a response under the limit unchanged', async () => {
    const res = await query(api(), amplifying(10, 2, 20));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.l1).toHaveLength(20);
    expect(res.body.data.l1[19]).toEqual(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, 'Item number 19'])),
    );
    const exact = await query(api(), '{ one { id name tags __typename } items(n: 3) { id } }');
    expect(exact.body).toEqual({
      data: { one: { ...item(1), __typename: 'Item' }, items: [{ id: 'item-0' }, { id: 'item-1' }, { id: 'item-2' }] },
    });
  });

  it('estimates close to the JSON it bounds', () => {
    const parsedSchema = parseAppSyncSchema(schema);
    const doc = parse('{ items(n: 50) { ...F id } } fragment F on Item { id name tags x: tags __typename }');
    const op = doc.definitions[0];
    if (op.kind !== 'OperationDefinition') throw new Error('no operation');
    const fragments = Object.fromEntries(
      doc.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [])),
    );
    const value = { items: Array.from({ length: 50 }, (_, i) => ({ ...item(i), __typename: 'Item' })) };
    const actual = JSON.stringify({
      items: value.items.map((v) => ({ id: v.id, name: v.name, tags: v.tags, x: v.tags, __typename: 'Item' })),
    }).length;
    const estimate = estimateBytes(
      { schema: parsedSchema, fragments, hasResolver: () => false },
      parsedSchema.getQueryType()!,
      [op.selectionSet],
      value,
      Infinity,
    );
    expect(estimate).toBeGreaterThanOrEqual(actual);
    expect(estimate).toBeLessThan(actual * 1.3);
    expect(
      estimateBytes(
        { schema: parsedSchema, fragments, hasResolver: () => false },
        parsedSchema.getQueryType()!,
        [op.selectionSet],
        value,
        100,
      ),
    ).toBeLessThan(200);
  });
});
