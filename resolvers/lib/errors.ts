import { util } from '@aws-appsync/utils';

export { ERROR } from '@pickem/domain/error-types';

/** Raises a data-source error (in ctx.error) as the field's error, keeping its type. */
export function raiseDataSourceError(error: { message: string; type: string } | undefined): void {
  if (error) util.error(error.message, error.type);
}
