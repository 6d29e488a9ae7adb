/**
 * `extensions` (extensions-js.html). The local runtime has no API cache, so `evictFromApiCache`
 * evicts nothing, as on an API without caching; AWS says it works for mutations only, so elsewhere it
 * is a Code error (a guess: what AWS does there is not recorded). The subscription methods are
 * recorded on the handler's outcome (`HandlerOutcome.extensions`) for the subscription engine
 * (src/runtime/realtime/) to act on. AWS says the two filters may be set only in a subscription's
 * resolver and `invalidateSubscriptions` only in a mutation's; elsewhere they are Code errors (the
 * failure mode is a guess, as for `evictFromApiCache`).
 */
import type { ExtensionCall } from '../../types.ts';
import type { CallState, UtilTree } from './state.ts';

export function extensionUtils(state: CallState): UtilTree {
  const record =
    (method: Exclude<ExtensionCall['method'], 'evictFromApiCache'>, only: string) =>
    (payload: unknown): void => {
      const parent = state.ctx.info.parentTypeName;
      if (parent && parent !== only) {
        throw new Error(
          `extensions.${method} only works in ${only.toLowerCase()} resolvers, not in ${parent}.${state.ctx.info.fieldName}`,
        );
      }
      state.extensions.push({ method, payload: payload ?? null });
    };
  return {
    evictFromApiCache(typeName: unknown, fieldName: unknown, keyValuePair: unknown): void {
      const parent = state.ctx.info.parentTypeName;
      if (parent && parent !== 'Mutation') {
        throw new Error(
          `extensions.evictFromApiCache only works in mutations, not in ${parent}.${state.ctx.info.fieldName}`,
        );
      }
      state.extensions.push({
        method: 'evictFromApiCache',
        typeName: String(typeName),
        fieldName: String(fieldName),
        keyValuePair: (keyValuePair ?? {}) as Record<string, unknown>,
      });
    },
    setSubscriptionFilter: record('setSubscriptionFilter', 'Subscription'),
    setSubscriptionInvalidationFilter: record('setSubscriptionInvalidationFilter', 'Subscription'),
    invalidateSubscriptions: record('invalidateSubscriptions', 'Mutation'),
  };
}
