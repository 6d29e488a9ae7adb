/**
 * A long season: the totals of `players` players over 50 scored events of 8 matches, with a realistic
 * spread (each player has a skill, the chance of a correct pick, and an attendance, the chance of
 * playing an event; a match is worth 5 to 14 points), written as their standings in two seasons (a
 * calendar year and a named season around it, as an event counts in both) and each season's board and
 * rank buckets built by the scoring function's own season pass code (season-board.ts).
 *
 * Used by the screens benchmark (the profile after a long season, `userProfileLongSeason`) and by
 * `npx tsx bench/long-season.ts [players...]`: the size of the largest item of a season's board (its
 * head, its chunks, its rank buckets) after such a season, beside the head the design before the
 * buckets stored (with every score count in it).
 */
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, ensureTable, startDynamoDbLocal } from 'appsync-local';
import { BOARD, type BoardHead, type SeasonRow } from '@pickem/domain/entities/board';
import { SEASON_RANKS } from '@pickem/domain/entities/season-ranks';
import { STANDING } from '@pickem/domain/entities/standing';
import { PROFILE } from '@pickem/domain/entities/profile';
import { pickemTable } from '../amplify/data/table.ts';
import type { Item } from '../amplify/functions/score-event/attributes.ts';
import { histogram, rankRows, readHead } from '../amplify/functions/score-event/board.ts';
import { itemSize } from '../amplify/functions/score-event/capacity.ts';
import { replaceSeasonBoard } from '../amplify/functions/score-event/season-board.ts';
import { createStore, type Store } from '../amplify/functions/score-event/store.ts';
import { stateDir } from '../project.ts';

export const LONG_SEASON = { events: 50, matches: 8, calendar: '2024', named: '2024-01-01-bench-long' } as const;

export interface SeasonTotals {
  userId: string;
  displayName: string;
  points: number;
  correct: number;
  eventsPlayed: number;
}

/** A small deterministic generator (the same season every run). */
function random(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

/** Every player's totals after the season; `userIdOf(i)` names player i. */
export function simulateSeason(players: number, userIdOf: (i: number) => string, seed = 35): SeasonTotals[] {
  const next = random(seed);
  const cards = Array.from({ length: LONG_SEASON.events }, () =>
    Array.from({ length: LONG_SEASON.matches }, () => 5 + Math.floor(next() * 10)),
  );
  return Array.from({ length: players }, (_, i) => {
    const skill = 0.3 + 0.5 * next();
    const attendance = 0.3 + 0.7 * next();
    let points = 0;
    let correct = 0;
    let eventsPlayed = 0;
    for (const card of cards) {
      if (next() >= attendance) continue;
      eventsPlayed += 1;
      for (const worth of card) {
        if (next() < skill) {
          points += worth;
          correct += 1;
        }
      }
    }
    return { userId: userIdOf(i), displayName: `Long ${i}`, points, correct, eventsPlayed };
  });
}

/** The standings of both seasons, then each season's board and rank buckets by the season pass's code. */
export async function writeLongSeason(store: Store, totals: SeasonTotals[]): Promise<void> {
  const seasons = [LONG_SEASON.calendar, LONG_SEASON.named];
  const standings: Item[] = [];
  for (const t of totals)
    for (const seasonId of seasons)
      standings.push({
        ...STANDING.key(t.userId, seasonId)!,
        ...STANDING.attributes(seasonId, t.userId, t.displayName, t, 1)!,
      } as Item);
  await store.batchPut(standings);
  const rows = totals.map((t): SeasonRow => [t.userId, t.displayName, t.points, t.correct, 0, t.eventsPlayed, 1]);
  for (const seasonId of seasons)
    await replaceSeasonBoard(store, seasonId, async () => ({ rows, final: false, card: [] }));
}

/** A profile item for player `userId` (the screen shows its name). */
export const profileItem = (userId: string, displayName: string) => PROFILE.item(userId, displayName) as Item;

export interface SeasonItemSizes {
  benchmark: 'seasonBoardSize';
  players: number;
  events: number;
  /** The season head as stored now, in bytes (DynamoDB's item size rules). */
  headBytes: number;
  /** The same head with every score count in it, as the design before rank buckets stored it. */
  headWithCountsBytes: number;
  distinctScores: number;
  buckets: number;
  largestBucketBytes: number;
  largestChunkBytes: number;
}

/** The largest items of the calendar season's board after a long season of `players` players. */
export async function seasonItemSizes(client: DynamoDBClient, players: number): Promise<SeasonItemSizes> {
  const tableName = `pickem-long-season-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, { ...pickemTable, name: tableName });
  try {
    const store = createStore({ client, tableName, concurrency: 8 });
    const totals = simulateSeason(players, (i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
    await writeLongSeason(store, totals);
    const seasonId = LONG_SEASON.calendar;
    const head = (await readHead(store, BOARD.seasonScope(seasonId))) as BoardHead;
    const stored = await store.get(BOARD.seasonHeadKey(seasonId));
    const buckets = await store.query(SEASON_RANKS.all(seasonId));
    const counts = histogram(
      rankRows(totals.map((t): SeasonRow => [t.userId, t.displayName, t.points, t.correct, 0, t.eventsPlayed, 1])),
    );
    let largestChunkBytes = 0;
    for (let i = 0; i < BOARD.chunkCount(head.rowCount); i++) {
      const chunk = await store.get(BOARD.chunkKey(BOARD.chunkPk(head.scope, head.chunkSet, i)));
      largestChunkBytes = Math.max(largestChunkBytes, chunk ? itemSize(chunk) : 0);
    }
    return {
      benchmark: 'seasonBoardSize',
      players,
      events: LONG_SEASON.events,
      headBytes: itemSize(stored!),
      headWithCountsBytes: itemSize({ ...stored!, scores: counts }),
      distinctScores: counts.length,
      buckets: buckets.length,
      largestBucketBytes: Math.max(...buckets.map((b) => itemSize(b))),
      largestChunkBytes,
    };
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number);
  const dynamo = await startDynamoDbLocal({ stateDir, inMemory: true, port: 18_530 });
  const client = createDynamoDbClient(dynamo.endpoint, stateDir);
  try {
    for (const n of sizes.length > 0 ? sizes : [10_000, 100_000])
      console.log(JSON.stringify(await seasonItemSizes(client, n)));
  } finally {
    client.destroy();
    await dynamo.stop();
  }
}
