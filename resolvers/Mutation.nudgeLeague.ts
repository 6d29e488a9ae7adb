import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationNudgeLeagueArgs, MutationNudgeLeagueResult } from '@pickem/domain/schema-types';
import type { NudgeStash } from './lib/stash';
import { requiredId } from './lib/validate';

type NudgeLeagueContext = Context<MutationNudgeLeagueArgs, NudgeStash, { result: MutationNudgeLeagueResult }>;

/** Pipeline: getLeague → getLeagueSeason → getEventCard → getMemberPredictions → writeNudges → sendNudges. */
export function request(ctx: NudgeLeagueContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: NudgeLeagueContext): MutationNudgeLeagueResult {
  return ctx.prev.result;
}
