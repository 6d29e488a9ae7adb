import { util, type Context } from '@aws-appsync/utils';
import { caller, isGuest } from './lib/caller';
import { ERROR } from './lib/errors';
import { typedInviteCode } from '@pickem/domain/invite-code';
import { toSeason } from '@pickem/domain/entities/season';
import type { QueryLeaguePreviewArgs, QueryLeaguePreviewResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type LeaguePreviewContext = Context<QueryLeaguePreviewArgs, LeagueStash>;

/**
 * Pipeline: getCodeLeague → checkJoinAttempts → getLeague → getLeagueSeason → getCommissionerName.
 * The invite page's preview: name, season, the commissioner's name, member count, whether joins are
 * open, and nothing else (no id, code or members). A wrong code counts toward the caller's wrong codes
 * exactly as joinLeague's do, so the preview is no faster way to guess codes; a signed-out guest's
 * count in the guests' shared window (checkJoinAttempts).
 */
export function request(ctx: LeaguePreviewContext) {
  // A guest (an invite link opened signed out) has no identity; anyone else must be a signed-in player.
  if (!isGuest(ctx)) caller(ctx);
  const code = typedInviteCode(ctx.args.code);
  if (code === null) util.error('No league has this invite code', ERROR.invalidCode);
  ctx.stash.code = code;
  return {};
}

export function response(ctx: LeaguePreviewContext): QueryLeaguePreviewResult {
  const { league, season, commissionerName } = ctx.stash;
  // A code whose league was deleted between the two reads: as if the code were unknown.
  if (!league) util.error('No league has this invite code', ERROR.invalidCode);
  return {
    name: league.name,
    season: toSeason(season),
    commissionerName,
    memberCount: league.memberCount,
    joinsOpen: league.joinsOpen,
  };
}
