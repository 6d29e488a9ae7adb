/**
 * Entry items: an event's predictions listed by event, `ENTRIES#<eventId>#<shard>` / `USER#<userId>`,
 * written with the prediction itself (savePrediction's transaction) and never changed by scoring. The
 * scoring function reads an event's entries from the table (strongly consistent) in ENTRY_SHARDS
 * partitions, so neither the saves at the bell nor the reads of a scoring pass meet one partition's
 * limits, and scoring writes no index entry for a prediction.
 */
import { onTable } from './access';
import type { PickItem } from './prediction';
import { userPk } from './profile';
import type { ItemKey } from './table';

export interface EntryItem {
  userId: string;
  eventId: string;
  /** The player's name when they saved (live boards show it; the final pass reads the profile). */
  displayName: string;
  picks: PickItem[];
  /** The prediction's tie-break guess (absent: none). */
  tieBreak?: number | null;
  /** The prediction's answers to the event's questions, as the prediction stores them (absent: none). */
  answers?: string | null;
  /** The prediction's updatedAt. */
  updatedAt: string;
}

/** The shards an event's entries are spread over (a list: APPSYNC_JS has no classic for loop to count with). */
const SHARDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
export const ENTRY_SHARDS = SHARDS.length;

const TYPE = 'Entry';
/** A user id's last character picks its shard (Cognito subs end in a hex digit: 16 even shards). */
const SHARD_CHARS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

/** The shard of a user's entries, 0 to ENTRY_SHARDS - 1. */
export function shardOf(userId: string): number {
  const i = SHARD_CHARS.indexOf(userId.slice(-1));
  return i < 0 ? 0 : i % ENTRY_SHARDS;
}

const shardPk = (eventId: string, shard: number) => `ENTRIES#${eventId}#${shard}`;
const key = (eventId: string, userId: string): ItemKey => ({
  PK: shardPk(eventId, shardOf(userId)),
  SK: userPk(userId),
});

export const ENTRY = {
  type: TYPE,
  key,
  /** Access pattern: the entries of one shard of the event (the scoring function reads every shard). */
  shard: (eventId: string, shard: number) => onTable(shardPk(eventId, shard), null, true),
  /** The shards of an event, 0 to ENTRY_SHARDS - 1. */
  shards: (): number[] => [...SHARDS],
  /** The stored attributes, without the key. */
  attributes: (entry: EntryItem) => ({ type: TYPE, ...entry }),
  /** The whole stored item (tests, benchmarks). */
  item: (entry: EntryItem) => ({ ...key(entry.eventId, entry.userId), type: TYPE, ...entry }),
};
