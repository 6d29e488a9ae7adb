/** What the util functions of one handler call read and record. */
import type { AppSyncError, ExtensionCall, ResolverContext } from '../../types.ts';

export interface CallState {
  ctx: ResolverContext;
  appendedErrors: AppSyncError[];
  logs: string[];
  responseHeaders: Record<string, unknown>;
  extensions: ExtensionCall[];
}

export type UtilFn = (...args: any[]) => unknown;
export interface UtilTree {
  [name: string]: UtilFn | UtilTree;
}
