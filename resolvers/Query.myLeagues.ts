import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import type { QueryMyLeaguesResult } from '@pickem/domain/schema-types';

type MyLeaguesContext = Context<Record<string, never>, Record<string, never>, { result: QueryMyLeaguesResult }>;

/** Pipeline: getMyMemberships (one Query) → getMyLeagues (one BatchGetItem). */
export function request(ctx: MyLeaguesContext) {
  caller(ctx);
  return {};
}

export function response(ctx: MyLeaguesContext): QueryMyLeaguesResult {
  return ctx.prev.result;
}
