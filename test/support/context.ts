/** A minimal resolver context for calling data sources directly in tests. */
import type { ResolverContext } from '../../appsync/local/types.ts';

export function testContext(args: Record<string, unknown> = {}): ResolverContext {
  return {
    arguments: args,
    args,
    identity: null,
    source: null,
    stash: {},
    prev: { result: null },
    result: null,
    error: undefined,
    request: { headers: {}, domainName: null },
    info: { fieldName: 'test', parentTypeName: 'Query', variables: {}, selectionSetList: [], selectionSetGraphQL: '' },
    env: {},
  };
}
