import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { INVITE_CODE, ifCommissioner, type LeagueItem } from '@pickem/domain/entities/league';
import { both } from '@pickem/domain/entities/table';
import { newInviteCode } from '../lib/invite-code';
import { REFUSAL, answer, codeItem, leagueUpdate, requireCommissioner, stashedLeague } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txDelete } from '../lib/transact';

type WriteCodeRotationContext = Context<unknown, LeagueStash & { updated: LeagueItem }>;

/** Commissioner: a new code item and the league's code, the old code item deleted, in one transaction. */
export function request(ctx: WriteCodeRotationContext) {
  const league = stashedLeague(ctx);
  requireCommissioner(ctx, league);
  const code = newInviteCode();
  ctx.stash.updated = { ...league, inviteCode: code };
  const table = tableOf(ctx);
  return transaction([
    leagueUpdate(
      table,
      league.id,
      { inviteCode: code },
      both(ifCommissioner(caller(ctx).sub), {
        expression: '#code = :old',
        names: { '#code': 'inviteCode' },
        values: { ':old': league.inviteCode },
      }),
    ),
    txDelete(table, INVITE_CODE.key(league.inviteCode)),
    codeItem(table, code, league.id),
  ]);
}

export function response(ctx: WriteCodeRotationContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [REFUSAL.changed(league), null, REFUSAL.changed(league)]);
  return answer(ctx, ctx.stash.updated, ctx.stash.members);
}
