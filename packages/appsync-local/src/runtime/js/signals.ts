/**
 * Host-side exceptions that stop a handler: thrown by `util.error`, `util.unauthorized` and
 * `runtime.earlyReturn` from inside the sandbox and caught by the runner; and the shape of a `Code` error.
 */
import type { AppSyncError } from '../types.ts';

export class UtilErrorSignal extends Error {
  constructor(readonly appSyncError: AppSyncError) {
    super(appSyncError.message);
  }
}

export class EarlyReturnSignal extends Error {
  constructor(
    readonly value: unknown,
    readonly skipTo: 'END' | 'NEXT' = 'NEXT',
  ) {
    super('runtime.earlyReturn');
  }
}

/** A JavaScript error at run time, as AppSync reports it (`errorType: "Code"`). */
export function codeError(message: string): AppSyncError {
  return { message, errorType: 'Code', data: null, errorInfo: null };
}
