import { runtime, util, type Context } from '@aws-appsync/utils';
import { EVENT, ifPicksOpen, ifState, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { TABLE, both } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationUpdateEventArgs, MutationUpdateEventResult } from '@pickem/domain/schema-types';
import type { EventUpdateStash } from '../lib/stash';
import { failedCondition, raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';
import { rulesOf, sameRules } from '@pickem/domain/rules';
import { nextState, validRules, validStart } from '../lib/validate';

type WriteEventUpdateContext = Context<MutationUpdateEventArgs, EventUpdateStash>;

/** The event getEvent found, or NotFound. */
function stashedEvent(ctx: WriteEventUpdateContext): EventItem {
  const { event } = ctx.stash;
  if (!event) util.error(`There is no event ${ctx.args.input.id}`, ERROR.notFound);
  return event;
}

/** Moving the bell once picks have been shown would reopen them. */
function bellRung(event: EventItem) {
  return {
    message: `The bell of event ${event.id} has rung (it is ${event.state}, start ${event.startsAt}): its picks have been shown, so its start can no longer be moved`,
    type: ERROR.bellRung,
  };
}

/** Changing the rules once picks are locked would change what players picked under. */
function rulesLocked(event: EventItem) {
  return {
    message: `The rules of event ${event.id} are locked: its bell has rung (it is ${event.state}, start ${event.startsAt}), so players have picked under them`,
    type: ERROR.rulesLocked,
  };
}

/**
 * Applies updateEvent's changes to the stashed event: name, startsAt, and a lifecycle step forward.
 * Nothing to change: no write. The event's write is conditional on the state read, so two admins
 * cannot race the event through different transitions. A new name is written on the event alone: a
 * player's history reads the event's name from the event item (getHistoryEvents), so no prediction is
 * rewritten, whatever the number of players. A move of the bell (startsAt) is also conditional on the
 * event as stored being UPCOMING with its bell still ahead of this request's time, the instant
 * savePrediction's lock uses: once picks have been shown the bell stays (BellRung, nothing written).
 * A change of the scoring rules has the same condition (RulesLocked after the bell, nothing written).
 */
export function request(ctx: WriteEventUpdateContext) {
  const event = stashedEvent(ctx);
  const { input } = ctx.args;
  const { name } = ctx.stash;
  const updated: EventItem = { ...event };
  if (name !== null) updated.name = name;
  if (input.startsAt !== null && input.startsAt !== undefined) {
    const startsAt = validStart(event.date, input.startsAt);
    updated.startsAt = startsAt.iso;
    updated.startsAtMs = startsAt.ms;
  }
  if (input.state !== null && input.state !== undefined) updated.state = nextState(event.state, input.state);
  const rules = validRules(rulesOf(event), input.rules);
  const rulesChange = !sameRules(rules, rulesOf(event));
  const now = util.time.nowEpochMilliSeconds();
  if (rulesChange && (event.state !== 'UPCOMING' || now >= event.startsAtMs)) {
    const error = rulesLocked(event);
    util.error(error.message, error.type);
  }
  updated.rules = rules;
  if (
    updated.name === event.name &&
    updated.startsAtMs === event.startsAtMs &&
    updated.state === event.state &&
    !rulesChange
  ) {
    return runtime.earlyReturn(toEvent(event));
  }
  ctx.stash.updated = updated;
  const table = tableOf(ctx);
  const asRead = ifState(event.state);
  const condition = updated.startsAtMs !== event.startsAtMs || rulesChange ? both(asRead, ifPicksOpen(now)) : asRead;
  const eventUpdate = txUpdate(
    table,
    EVENT.key(event.id),
    {
      // The index key follows the bell: the events list orders a day's events by it.
      expression:
        'SET #name = :name, #startsAt = :startsAt, #startsAtMs = :startsAtMs, #state = :state, #gsiSk = :gsiSk, #rules = :rules',
      names: {
        '#name': 'name',
        '#startsAt': 'startsAt',
        '#startsAtMs': 'startsAtMs',
        '#state': 'state',
        '#gsiSk': TABLE.gsiSk,
        '#rules': 'rules',
      },
      values: {
        ':name': updated.name,
        ':startsAt': updated.startsAt,
        ':startsAtMs': updated.startsAtMs,
        ':state': updated.state,
        ':gsiSk': EVENT.gsiSk(updated),
        ':rules': rules,
      },
    },
    condition,
  );
  return transaction([eventUpdate]);
}

export function response(ctx: WriteEventUpdateContext): MutationUpdateEventResult {
  const event = stashedEvent(ctx);
  const failed = failedCondition(ctx);
  const stored = failed ? (failed.item as Partial<EventItem> | null) : null;
  // The stored item tells which part failed: a state other than the one read, or a bell that has rung.
  const changed = !stored || stored.state !== event.state;
  const rung = stored
    ? { ...event, state: stored.state ?? event.state, startsAt: stored.startsAt ?? event.startsAt }
    : event;
  const moved = ctx.stash.updated.startsAtMs !== event.startsAtMs;
  raiseWriteError(ctx, [
    changed
      ? {
          message: `Event ${event.id} changed meanwhile (it is no longer ${event.state}); reload it and try again`,
          type: ERROR.concurrentModification,
        }
      : moved
        ? bellRung(rung)
        : rulesLocked(rung),
  ]);
  return toEvent(ctx.stash.updated);
}
