/** util.error, util.appendError, util.unauthorized. */
import type { AppSyncError } from '../../types.ts';
import { UtilErrorSignal } from '../signals.ts';
import type { CallState, UtilTree } from './state.ts';

function toError(message: unknown, errorType: unknown, data: unknown, errorInfo: unknown): AppSyncError {
  return {
    message: String(message),
    errorType: errorType === undefined || errorType === null ? null : String(errorType),
    data: data === undefined ? null : data,
    errorInfo: errorInfo === undefined ? null : errorInfo,
  };
}

export function errorUtils(state: CallState): UtilTree {
  return {
    error(message: unknown, errorType?: unknown, data?: unknown, errorInfo?: unknown): never {
      throw new UtilErrorSignal(toError(message, errorType, data, errorInfo));
    },
    appendError(message: unknown, errorType?: unknown, data?: unknown, errorInfo?: unknown): void {
      state.appendedErrors.push(toError(message, errorType, data, errorInfo));
    },
    unauthorized(): never {
      const { fieldName, parentTypeName } = state.ctx.info;
      // Without a field (EvaluateCode given no `info`) there is nothing to name (a guess: no recorded answer).
      throw new UtilErrorSignal({
        message:
          fieldName && parentTypeName
            ? `Not Authorized to access ${fieldName} on type ${parentTypeName}`
            : 'Unauthorized',
        errorType: 'Unauthorized',
        data: null,
        errorInfo: null,
      });
    },
  };
}
