/** AppSync's NONE data source: no call anywhere; `ctx.result` is the request's `payload`. */
import type { DataSourceInvoker } from '../types.ts';

export function createNoneDataSource(): DataSourceInvoker {
  return {
    async invoke(request: unknown) {
      const payload =
        typeof request === 'object' && request !== null && !Array.isArray(request)
          ? (request as Record<string, unknown>).payload
          : undefined;
      // Values cross the data-source boundary as JSON, as they do in AppSync.
      return { result: payload === undefined ? null : JSON.parse(JSON.stringify(payload)), error: null };
    },
  };
}
