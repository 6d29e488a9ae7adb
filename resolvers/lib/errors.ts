import { util } from '@aws-appsync/utils';
import { ERROR } from './error-types';

export { ERROR } from './error-types';

/** Raises a data-source error (in ctx.error) as the field's error, keeping its type. */
export function raiseDataSourceError(error: { message: string; type: string } | undefined): void {
  if (error) util.error(error.message, error.type);
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A page size from a `limit` argument: default 20, 1 to 100, else a ValidationError. */
export function pageSize(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    util.error(`limit must be between 1 and ${MAX_PAGE_SIZE}; got ${limit}`, ERROR.validation);
  }
  return limit;
}
