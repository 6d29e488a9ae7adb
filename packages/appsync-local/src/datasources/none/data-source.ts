/** AppSync's NONE data source: no call anywhere; `ctx.result` is the request's `payload`. */
import type { DataSourceInvoker } from '../../runtime/types.ts';
import { isRecord } from '../is-record.ts';

export function createNoneDataSource(): DataSourceInvoker {
  return {
    async invoke(request: unknown) {
      const payload = isRecord(request) ? request.payload : undefined;
      // Values cross the data-source boundary as JSON, as they do in AppSync.
      return { result: payload === undefined ? null : JSON.parse(JSON.stringify(payload)), error: null };
    },
  };
}
