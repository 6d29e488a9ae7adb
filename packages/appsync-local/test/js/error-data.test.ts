/**
 * util.error's data "will be filtered based on the query selection set" (built-in-util-js.html),
 * through a real compiled resolver and the GraphQL engine.
 */
import { describe, expect, it } from 'vitest';
import { compileCode } from '../../src/runtime/js/compile.ts';
import type { ApiWiring } from 'appsync-cloud';
import { echoDataSource, query, testApi } from '../graphql/fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    item: Item
    items: [Item]
  }
  type Item {
    id: ID!
    name: String
    owner: Owner
  }
  type Owner {
    id: ID!
    email: String
  }
`;

const code = `import { util } from '@aws-appsync/utils';
export function request(ctx) {
  const one = { id: '1', name: 'n', secret: 's', owner: { id: 'o', email: 'e', hidden: true } };
  util.error('broken', 'Custom', ctx.info.fieldName === 'items' ? [one, one] : one, { secret: 'kept in errorInfo' });
}
export function response(ctx) { return ctx.result; }
`;

function api() {
  const unit = (fieldName: string) => ({
    typeName: 'Query',
    fieldName,
    kind: 'UNIT' as const,
    dataSource: 'DS',
    code: 'r/code.js',
  });
  const wiring: ApiWiring = {
    dataSources: [{ name: 'DS', kind: 'NONE' }],
    functions: [],
    resolvers: [unit('item'), unit('items')],
    environment: {},
  };
  return testApi({
    schema,
    wiring,
    codes: { 'r/code.js': compileCode('code.js', code) },
    dataSources: { DS: echoDataSource() },
  });
}

describe('util.error data', () => {
  it('keeps only the selected fields, under their aliases, through fragments; errorInfo is not filtered', async () => {
    const res = await query(api(), '{ item { id label: name ...O } } fragment O on Item { owner { email } }');
    expect(res.body.errors[0]).toMatchObject({
      data: { id: '1', label: 'n', owner: { email: 'e' } },
      errorInfo: { secret: 'kept in errorInfo' },
    });
  });

  it('filters each element of a list', async () => {
    const res = await query(api(), '{ items { ... on Item { name } } }');
    expect(res.body.errors[0].data).toEqual([{ name: 'n' }, { name: 'n' }]);
  });
});
