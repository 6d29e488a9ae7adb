import { runtime, type Context } from '@aws-appsync/utils';
import { PROFILE, type ProfileItem } from '@pickem/domain/entities/profile';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type GetCommissionerNameContext = Context<unknown, LeagueStash, undefined, undefined, ProfileItem | null>;

/**
 * leaguePreview: the commissioner's display name now (one GetItem of their profile); without a profile,
 * the name they joined with. Stashes `commissionerName`. Skipped without a league.
 */
export function request(ctx: GetCommissionerNameContext) {
  const league = ctx.stash.league;
  if (!league) return runtime.earlyReturn(null);
  return getItem(PROFILE.key(league.commissionerId));
}

export function response(ctx: GetCommissionerNameContext) {
  raiseDataSourceError(ctx.error);
  const league = ctx.stash.league!;
  const member = ctx.stash.members.find((m) => m.userId === league.commissionerId);
  ctx.stash.commissionerName = ctx.result?.displayName ?? member?.displayName ?? '';
  return null;
}
