/**
 * Host-side exceptions that stop a handler: thrown by `util.error`, `util.unauthorized` and
 * `runtime.earlyReturn` from inside the sandbox and caught by the runner.
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
