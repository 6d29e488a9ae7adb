/**
 * `extensions` (extensions-js.html). The local runtime has no API cache, so `evictFromApiCache`
 * evicts nothing, as on an API without caching; AWS says it works for mutations only, so elsewhere it
 * is a Code error (a guess: what AWS does there is not recorded). The subscription methods are
 * recorded on the handler's outcome (`HandlerOutcome.extensions`) for a subscription engine to read.
 */
import type { ExtensionCall } from '../../types.ts';
import type { CallState, UtilTree } from './state.ts';

export function extensionUtils(state: CallState): UtilTree {
  const record = (method: Exclude<ExtensionCall['method'], 'evictFromApiCache'>) => (payload: unknown): void => {
    state.extensions.push({ method, payload: payload ?? null });
  };
  return {
    evictFromApiCache(typeName: unknown, fieldName: unknown, keyValuePair: unknown): void {
      const parent = state.ctx.info.parentTypeName;
      if (parent && parent !== 'Mutation') {
        throw new Error(`extensions.evictFromApiCache only works in mutations, not in ${parent}.${state.ctx.info.fieldName}`);
      }
      state.extensions.push({
        method: 'evictFromApiCache',
        typeName: String(typeName),
        fieldName: String(fieldName),
        keyValuePair: (keyValuePair ?? {}) as Record<string, unknown>,
      });
    },
    setSubscriptionFilter: record('setSubscriptionFilter'),
    setSubscriptionInvalidationFilter: record('setSubscriptionInvalidationFilter'),
    invalidateSubscriptions: record('invalidateSubscriptions'),
  };
}
