/** A minimal resolver context for calling data sources directly in tests. */
import { contextWithDefaults } from '../src/runtime/js/evaluate.ts';
import type { ResolverContext } from '../src/runtime/types.ts';

export function testContext(args: Record<string, unknown> = {}): ResolverContext {
  return contextWithDefaults({ arguments: args, info: { fieldName: 'test', parentTypeName: 'Query' } });
}
