/**
 * Resolver results for the built-in scalars are coerced as graphql-java (AppSync's engine) does:
 * graphql-java/graphql-java src/main/java/graphql/scalar/Graphql{Boolean,Int,Float,String,ID}Coercing.java,
 * and localstack/localstack#10257 for AppSync returning "false" as false.
 */
import { describe, expect, it } from 'vitest';
import { echoDataSource, fakeCode, query, testApi } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    value: Values
  }
  type Values {
    b: Boolean
    i: Int
    f: Float
    s: String
    id: ID
    bs: [Boolean]
    is: [Int!]
  }
`;

/** The API whose Query.value returns `result`, and every other field reads it. */
function returning(result: Record<string, unknown>) {
  return testApi({
    schema,
    wiring: {
      dataSources: [{ name: 'DS', kind: 'NONE' }],
      functions: [],
      resolvers: [{ typeName: 'Query', fieldName: 'value', kind: 'UNIT', dataSource: 'DS', code: 'v.ts' }],
      environment: {},
    },
    codes: { 'v.ts': fakeCode('v', { request: () => ({}), response: () => result }) },
    dataSources: { DS: echoDataSource() },
  });
}

async function values(result: Record<string, unknown>, selection = 'b i f s id') {
  const res = await query(returning(result), `{ value { ${selection} } }`);
  return res.body as { data: { value: Record<string, unknown> }; errors?: { path: unknown[]; message: string }[] };
}

describe('output coercion of the built-in scalars (graphql-java rules)', () => {
  it('Boolean takes the strings "true"/"false" in any case and numbers (non-zero is true)', async () => {
    for (const [given, expected] of [
      ['true', true],
      ['FALSE', false],
      ['False', false],
      [1, true],
      [0, false],
      [2.5, true],
      [true, true],
    ] as const) {
      const body = await values({ b: given }, 'b');
      expect(body.errors, JSON.stringify(given)).toBeUndefined();
      expect(body.data.value.b, JSON.stringify(given)).toBe(expected);
    }
  });

  it('Boolean refuses other strings, with the error on the field', async () => {
    for (const given of ['yes', '1', '']) {
      const body = await values({ b: given }, 'b');
      expect(body.data.value.b).toBeNull();
      expect(body.errors?.[0]).toMatchObject({
        path: ['value', 'b'],
        message: "Can't serialize value (/value/b) : Expected type 'Boolean' but was 'String'.",
      });
    }
  });

  it('Int takes decimal strings with an exact 32-bit value, and refuses booleans', async () => {
    const ok = await values({ i: '42' }, 'i');
    expect(ok.data.value.i).toBe(42);
    expect((await values({ i: '1.0' }, 'i')).data.value.i).toBe(1);
    expect((await values({ i: '-7e2' }, 'i')).data.value.i).toBe(-700);
    for (const given of [true, '1.5', '0x10', ' 1', '2147483648', 3000000000]) {
      const body = await values({ i: given }, 'i');
      expect(body.data.value.i, JSON.stringify(given)).toBeNull();
      expect(body.errors?.[0].message, JSON.stringify(given)).toMatch(
        /^Can't serialize value \(\/value\/i\) : Expected type 'Int' but was '/,
      );
    }
  });

  it('Float takes decimal strings and refuses booleans', async () => {
    expect((await values({ f: '2.5' }, 'f')).data.value.f).toBe(2.5);
    expect((await values({ f: 3 }, 'f')).data.value.f).toBe(3);
    const body = await values({ f: false }, 'f');
    expect(body.data.value.f).toBeNull();
    expect(body.errors?.[0].message).toBe(
      "Can't serialize value (/value/f) : Expected type 'Float' but was 'Boolean'.",
    );
    expect((await values({ f: 'NaN' }, 'f')).data.value.f).toBeNull();
  });

  it('String and ID give booleans and numbers as text', async () => {
    const body = await values({ s: true, id: 1.5 }, 's id');
    expect(body.errors).toBeUndefined();
    expect(body.data.value).toEqual({ s: 'true', id: '1.5' });
    expect((await values({ id: false }, 'id')).data.value.id).toBe('false');
  });

  it('coerces list items one by one; a bad item is null with its own path', async () => {
    const body = await values({ bs: ['true', 'nope', 0] }, 'bs');
    expect(body.data.value.bs).toEqual([true, null, false]);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0].path).toEqual(['value', 'bs', 1]);
    const ints = await values({ is: ['1', 2] }, 'is');
    expect(ints.data.value.is).toEqual([1, 2]);
  });
});
