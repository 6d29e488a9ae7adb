/** What the util functions of one handler call read and record. */
import type { AppSyncError, ResolverContext } from '../../types.ts';

export interface CallState {
  ctx: ResolverContext;
  appendedErrors: AppSyncError[];
  logs: string[];
}

export type UtilFn = (...args: any[]) => unknown;
export interface UtilTree {
  [name: string]: UtilFn | UtilTree;
}
