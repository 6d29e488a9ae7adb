/**
 * One reminder run: at `startsAt − minutesBefore`, every player who asked for an email at that lead and
 * has fewer picks on the event's card than it has matches gets one email.
 *
 * - Nothing is sent for an event that is gone, no longer UPCOMING, whose bell is not the one the run was
 *   scheduled for (it moved: its new schedule sends), or whose bell has rung.
 * - Exactly once per player, event and lead: before its email goes, a player's sent mark
 *   (REMINDER.sentKey) is written on the condition that it is new. A retried or concurrent run finds it
 *   and skips the player. A failed send deletes its mark again, and the run throws at the end so that
 *   Lambda's retry sends what failed (and only that). A run that dies between writing a mark and
 *   sending its email loses that one email: at most once, never twice.
 * - A send split over several runs (plan.ts) gives each run whole shards: it reads the opted-in players
 *   of its shards page by page from the index (REMINDER.optedIn), the event's entries of the same shards
 *   (strongly consistent), and sends at its share of the SES rate. A run costs about one read per 4 KB of
 *   entries and of opted-in players, and one small write and one SES call per email.
 * - SES's throttling ("Maximum sending rate exceeded") is waited out and retried (THROTTLE_RETRIES).
 */
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { ENTRY, type EntryItem } from '@pickem/domain/entities/entry';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { REMINDER } from '@pickem/domain/entities/reminder';
import { IF_NEW, type ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes } from '../score-event/attributes.ts';
import { forEachBounded } from '../score-event/pool.ts';
import { queryAll, queryInput } from '../score-event/query.ts';
import { optedInPages } from './opted-in.ts';
import { shardsOfRun } from './plan.ts';
import { reminderEmail } from './email.ts';
import type { ReminderSettings } from './settings.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** Emails in flight at once: SES's sending rate is the limit, not this (see docs/deploy.md). */
export const SEND_CONCURRENCY = 16;

export interface RemindOutcome {
  /** Why nothing was sent, when nothing could be. */
  skipped?: 'event-gone' | 'not-upcoming' | 'bell-moved' | 'after-bell' | 'empty-card';
  sent: number;
  /** Already sent by an earlier or concurrent run. */
  alreadySent: number;
  /** Opted in, but every match picked. */
  complete: number;
  failed: number;
}

export interface RemindDeps {
  dynamo: DynamoDBClient;
  ses: SESv2Client;
  settings: ReminderSettings;
  now: () => number;
}

/** Spaces calls to at most `perSecond` a second (SES refuses sends over the account's rate); unpaced without one. */
export function pacer(perSecond: number | null): () => Promise<void> {
  if (!perSecond) return async () => {};
  let next = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

export async function readEvent(dynamo: DynamoDBClient, tableName: string, eventId: string): Promise<EventItem | null> {
  const out = await dynamo.send(
    new GetItemCommand({ TableName: tableName, Key: toAttributes(EVENT.key(eventId)), ConsistentRead: true }),
  );
  return out.Item ? (fromAttributes(out.Item) as unknown as EventItem) : null;
}

/** How many matches of the card each player of `shards` has picked (picks of matches no longer on the card do not count). */
async function pickedCounts(deps: RemindDeps, event: EventItem, shards: number[]): Promise<Map<string, number>> {
  const onCard = new Set(event.matchOrder);
  const counts = new Map<string, number>();
  await Promise.all(
    shards.map(async (shard) => {
      const input = queryInput(deps.settings.tableName, ENTRY.shard(event.id, shard), { consistentRead: true });
      for (const item of await queryAll(deps.dynamo, input)) {
        const entry = item as unknown as EntryItem;
        counts.set(entry.userId, new Set(entry.picks.filter((p) => onCard.has(p.matchId)).map((p) => p.matchId)).size);
      }
    }),
  );
  return counts;
}

/** Writes the sent mark; false when it was there already. */
export async function claim(deps: RemindDeps, key: ItemKey): Promise<boolean> {
  try {
    await deps.dynamo.send(
      new PutItemCommand({
        TableName: deps.settings.tableName,
        Item: toAttributes({ ...key, ...REMINDER.sentAttributes(new Date(deps.now()).toISOString()) }),
        ConditionExpression: IF_NEW.expression,
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

export async function release(deps: RemindDeps, key: ItemKey): Promise<void> {
  await deps.dynamo.send(new DeleteItemCommand({ TableName: deps.settings.tableName, Key: toAttributes(key) }));
}

/** The web app's link to an event (client/route.ts's hash). */
export const eventUrl = (appUrl: string, eventId: string) => `${appUrl}/#/event/${encodeURIComponent(eventId)}`;

export const unsubscribeUrl = (settings: ReminderSettings, userId: string) =>
  `${settings.unsubscribeUrl}?token=${encodeURIComponent(unsubscribeToken(settings.unsubscribeKey, userId))}`;

/** SES's answer past the account's sending rate: retried after a wait, this many times. */
export const THROTTLE_RETRIES = 6;
const THROTTLE_WAIT_MS = 500;

const throttled = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'ThrottlingException' || err.name === 'TooManyRequestsException' || err.name === 'Throttling');

/** Sends one email, waiting out SES's throttling (twice as long each time) up to THROTTLE_RETRIES times. */
async function sendPaced(deps: RemindDeps, pace: () => Promise<void>, email: SendEmailCommand): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await pace();
    try {
      await deps.ses.send(email);
      return;
    } catch (err) {
      if (!throttled(err) || attempt >= THROTTLE_RETRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, THROTTLE_WAIT_MS * 2 ** attempt));
    }
  }
}

export async function remind(
  deps: RemindDeps,
  request: { eventId: string; minutesBefore: number; startsAt: string; run?: number; runs?: number },
): Promise<RemindOutcome> {
  const outcome: RemindOutcome = { sent: 0, alreadySent: 0, complete: 0, failed: 0 };
  const event = await readEvent(deps.dynamo, deps.settings.tableName, request.eventId);
  const skip = (why: NonNullable<RemindOutcome['skipped']>) => ({ ...outcome, skipped: why });
  if (!event) return skip('event-gone');
  if (event.state !== 'UPCOMING') return skip('not-upcoming');
  if (event.startsAt !== request.startsAt) return skip('bell-moved');
  if (deps.now() >= event.startsAtMs) return skip('after-bell');
  const matchCount = event.matchOrder.length;
  if (matchCount === 0) return skip('empty-card');
  const runs = request.runs ?? 1;
  const shards = shardsOfRun(REMINDER.shards(), request.run ?? 0, runs);
  const picked = await pickedCounts(deps, event, shards);
  // The runs of one send share the account's rate.
  const pace = pacer(deps.settings.sendRate && deps.settings.sendRate / runs);

  for (const shard of shards)
    for await (const players of optedInPages(deps.dynamo, deps.settings.tableName, request.minutesBefore, shard)) {
      const due = players.filter((p) => {
        if (!p.email || !p.address) return false;
        if ((picked.get(p.userId) ?? 0) >= matchCount) {
          outcome.complete += 1;
          return false;
        }
        return true;
      });
      await forEachBounded(due, SEND_CONCURRENCY, async (player) => {
        // The bell rings during a long run: no email after it.
        if (deps.now() >= event.startsAtMs) return;
        const mark = REMINDER.sentKey(player.userId, event.id, request.minutesBefore);
        if (!(await claim(deps, mark))) {
          outcome.alreadySent += 1;
          return;
        }
        const email = await reminderEmail({
          to: player.address!,
          from: deps.settings.sender,
          eventName: event.name,
          startsAt: event.startsAt,
          minutesBefore: request.minutesBefore,
          unpicked: matchCount - (picked.get(player.userId) ?? 0),
          matchCount,
          eventUrl: eventUrl(deps.settings.appUrl, event.id),
          unsubscribeUrl: unsubscribeUrl(deps.settings, player.userId),
        });
        try {
          await sendPaced(deps, pace, new SendEmailCommand(email));
          outcome.sent += 1;
        } catch (err) {
          console.error(`[reminders] sending to ${player.userId} failed:`, err);
          outcome.failed += 1;
          await release(deps, mark);
        }
      });
    }
  return outcome;
}
