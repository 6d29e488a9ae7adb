import { util, type Context } from '@aws-appsync/utils';
import { EVENT, IF_UPCOMING } from '@pickem/domain/entities/event';
import { SEASON, toSeason } from '@pickem/domain/entities/season';
import { IF_NEW } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import { seasonLocked } from '../lib/season';
import type { SeasonStash } from '../lib/stash';
import { failedCondition, raiseWriteError, tableOf, transaction, txCheck, txPut } from '../lib/transact';

type WriteSeasonContext = Context<unknown, SeasonStash>;

/**
 * Writes the season (new: not over an existing id; updated: over the dates it was read with) in one
 * transaction with a check that every event entering or leaving its window is still UPCOMING: no
 * event that has gone live (with standings written) ever changes seasons, so every standing stays
 * exactly the sum of its season's events.
 */
export function request(ctx: WriteSeasonContext) {
  const { before, season, events } = ctx.stash;
  const live = events.find((event) => event.state !== 'UPCOMING');
  if (live) {
    const error = seasonLocked(season, live.id);
    util.error(error.message, error.type);
  }
  const table = tableOf(ctx);
  const write =
    before === null
      ? txPut(table, SEASON.key(season.id), SEASON.attributes(season), IF_NEW)
      : txPut(table, SEASON.key(season.id), SEASON.attributes(season), {
          expression: '#start = :start AND #end = :end',
          names: { '#start': 'startDate', '#end': 'endDate' },
          values: { ':start': before.startDate, ':end': before.endDate },
        });
  return transaction([write, ...events.map((event) => txCheck(table, EVENT.key(event.id), IF_UPCOMING))]);
}

export function response(ctx: WriteSeasonContext) {
  const { before, season, events } = ctx.stash;
  const failed = failedCondition(ctx);
  const first =
    before === null
      ? { message: `A season with id ${season.id} already exists`, type: ERROR.conflict }
      : { message: `Season ${season.id} changed meanwhile; read it again`, type: ERROR.concurrentModification };
  const locked = failed && failed.index > 0 ? seasonLocked(season, events[failed.index - 1].id) : null;
  raiseWriteError(ctx, [first, ...events.map(() => locked)]);
  return toSeason(season);
}
