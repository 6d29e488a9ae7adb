import { runtime, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { ifCommissioner, type LeagueItem } from '@pickem/domain/entities/league';
import { REFUSAL, answer, leagueUpdate, requireCommissioner, stashedLeague, validLeagueName } from '../lib/league';
import type { MutationUpdateLeagueArgs } from '@pickem/domain/schema-types';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction } from '../lib/transact';

type WriteLeagueUpdateContext = Context<MutationUpdateLeagueArgs, LeagueStash & { updated: LeagueItem }>;

/** Commissioner: a new name and/or joins opened or closed (nothing given: nothing written). */
export function request(ctx: WriteLeagueUpdateContext) {
  const league = stashedLeague(ctx);
  requireCommissioner(ctx, league);
  const { name, joinsOpen } = ctx.args.input;
  const set: Record<string, unknown> = {};
  if (name !== null && name !== undefined) set.name = validLeagueName(name);
  if (joinsOpen !== null && joinsOpen !== undefined) set.joinsOpen = joinsOpen;
  ctx.stash.updated = { ...league, ...set };
  if (Object.keys(set).length === 0) return runtime.earlyReturn(answer(ctx, league, ctx.stash.members));
  return transaction([leagueUpdate(tableOf(ctx), league.id, set, ifCommissioner(caller(ctx).sub))]);
}

export function response(ctx: WriteLeagueUpdateContext) {
  raiseWriteError(ctx, [REFUSAL.notCommissioner(stashedLeague(ctx))]);
  return answer(ctx, ctx.stash.updated, ctx.stash.members);
}
