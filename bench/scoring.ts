/**
 * Scoring throughput: a fresh table on a DynamoDB Local endpoint, one event with N predictions
 * (loaded with BatchWriteItem; half the players have a profile), then one timed first `scoreEvent` run,
 * then one result corrected and a timed second run.
 *
 * The ceiling, measured in the same run on the same endpoint: the same number of predictions' two
 * items (the scored prediction and the season standing) written to a fresh table with plain
 * BatchWriteItem calls, 25 items a call, with 4 and with 16 calls in flight: the faster counts.
 *
 *   npx tsx bench/scoring.ts [N ...]      (starts its own in-memory DynamoDB Local)
 */
import type { PickItem } from '@pickem/domain/entities/prediction';
import type { FinishMethod } from '@pickem/domain/schema-types';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  BatchWriteItemCommand,
  DeleteTableCommand,
  PutItemCommand,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, startDynamoDbLocal, ensureTable } from 'appsync-local';
import { pickemTable } from '../amplify/data/table.ts';
import { EVENT } from '@pickem/domain/entities/event';
import { MATCH } from '@pickem/domain/entities/match';
import { ENTRY } from '@pickem/domain/entities/entry';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { storedAnswers } from '@pickem/domain/entities/stored-answers';
import { PROFILE } from '@pickem/domain/entities/profile';
import { QUESTION } from '@pickem/domain/entities/question';
import { STANDING } from '@pickem/domain/entities/standing';
import { toAttributes, type Item } from '../amplify/functions/score-event/attributes.ts';
import { forEachBounded } from '../amplify/functions/score-event/pool.ts';
import { createScorer } from '../amplify/functions/score-event/scorer.ts';
import { createStore } from '../amplify/functions/score-event/store.ts';
import { stateDir } from '../project.ts';
import { EVERY_RULE_ON } from '../scripts/demo/rules.ts';
import { BENCH_QUESTIONS, benchAnswers, benchQuestionId, benchQuestionItems } from './questions.ts';

export interface ScoringBenchRow {
  predictions: number;
  seconds: number;
  predictionsPerSecond: number;
  /** As DynamoDB Local reports it (ReturnConsumedCapacity); it does not sum the items of a transaction. */
  wcu: number;
  /** Transactions estimated from item sizes with DynamoDB's rules (see capacity.ts). */
  wcuEstimate: number;
  /** The same predictions' two items written with plain BatchWriteItem calls. */
  ceilingSeconds: number;
  ceilingPredictionsPerSecond: number;
  /** predictionsPerSecond / ceilingPredictionsPerSecond. */
  ofCeiling: number;
  /** Scoring again after one result is corrected: only the items that differ are written. */
  rescoreSeconds: number;
  /** Requests that wrote (transactions and rank updates) in that second run. */
  rescoreWrites: number;
  /**
   * The reads any exact scoring must make before it writes, timed alone on the scored table: every
   * entry of the event (its shards' Queries), each prediction and each player's standing (strongly
   * consistent gets).
   */
  readsSeconds: number;
}

const MATCHES = 8;
export const SEASON = 2025;
/** Calls in flight for the plain batches: loading the table, and the ceiling's two tries. */
const CONCURRENCY = [4, 16];
export const EVENT_ID = 'bench-event';
export const DATE = '2025-04-19';

/**
 * `warmup` predictions (default 500; 0 for none) are scored first and not reported: the first
 * requests to a fresh DynamoDB Local JVM are several times slower than the rest.
 */
export async function benchScoring(opts: {
  endpoint: string;
  predictions: number[];
  warmup?: number;
}): Promise<ScoringBenchRow[]> {
  const client = createDynamoDbClient(opts.endpoint, stateDir);
  try {
    const warmup = opts.warmup ?? 500;
    if (warmup > 0) await scoreFresh(client, warmup);
    const rows: ScoringBenchRow[] = [];
    for (const n of opts.predictions) rows.push(await scoreFresh(client, n));
    return rows;
  } finally {
    client.destroy();
  }
}

/** A fresh table with `n` predictions, one timed scoring run, then the table is deleted. */
async function scoreFresh(client: DynamoDBClient, n: number): Promise<ScoringBenchRow> {
  const tableName = `bench-scoring-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, { ...pickemTable, name: tableName });
  try {
    await load(client, tableName, n);
    const started = performance.now();
    const out = await createScorer({ client, tableName }).scoreEvent(EVENT_ID);
    const seconds = (performance.now() - started) / 1000;
    if (out.error) throw new Error(`scoring failed: ${JSON.stringify(out.error)}`);
    if (out.report.predictionsScored !== n)
      throw new Error(`scored ${out.report.predictionsScored} of ${n} predictions`);

    // One result corrected (the first match's winner), then the event scored again.
    await client.send(new PutItemCommand({ TableName: tableName, Item: toAttributes(matchItem(0, 1)) }));
    const restarted = performance.now();
    const again = await createScorer({ client, tableName }).scoreEvent(EVENT_ID);
    const rescoreSeconds = (performance.now() - restarted) / 1000;
    if (again.error) throw new Error(`re-scoring failed: ${JSON.stringify(again.error)}`);

    const readsSeconds = await timeReads(client, tableName);
    const ceilingSeconds = await ceiling(client, n);
    const predictionsPerSecond = n / seconds;
    const ceilingPredictionsPerSecond = n / ceilingSeconds;
    return {
      predictions: n,
      seconds,
      predictionsPerSecond,
      wcu: out.stats.wcu,
      wcuEstimate: out.stats.wcuEstimate,
      ceilingSeconds,
      ceilingPredictionsPerSecond,
      ofCeiling: predictionsPerSecond / ceilingPredictionsPerSecond,
      rescoreSeconds,
      rescoreWrites: again.stats.writes,
      readsSeconds,
    };
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  }
}

async function timeReads(client: DynamoDBClient, tableName: string): Promise<number> {
  const store = createStore({ client, tableName, concurrency: 4 });
  const started = performance.now();
  const entries = (await Promise.all(ENTRY.shards().map((s) => store.query(ENTRY.shard(EVENT_ID, s))))).flat();
  await store.batchGet(entries.map((e) => PREDICTION.key(e.userId as string, DATE, EVENT_ID)));
  await store.batchGet(entries.map((e) => STANDING.key(e.userId as string, SEASON)!));
  return (performance.now() - started) / 1000;
}

/** Seconds to write `n` scored predictions and `n` standings with plain batches: the best of CONCURRENCY. */
async function ceiling(client: DynamoDBClient, n: number): Promise<number> {
  const tries: number[] = [];
  for (const inFlight of CONCURRENCY) tries.push(await plainWrite(client, n, inFlight));
  return Math.min(...tries);
}

async function plainWrite(client: DynamoDBClient, n: number, inFlight: number): Promise<number> {
  const tableName = `bench-ceiling-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, { ...pickemTable, name: tableName });
  try {
    const items: Item[] = [];
    for (let u = 0; u < n; u++) {
      const userId = userIdOf(u);
      const score = { points: (u * 7) % 180, correct: u % 8, rank: 1 + (u % 97) };
      items.push({ ...PREDICTION.item(prediction(u, picksOf(u))), ...PREDICTION.scored(score) });
      const standing = STANDING.attributes(SEASON, userId, `Player ${u}`, { ...score, eventsPlayed: 1 }, 1)!;
      items.push({ ...STANDING.key(userId, SEASON)!, ...standing });
    }
    const started = performance.now();
    await batchWrite(client, tableName, items, inFlight);
    return (performance.now() - started) / 1000;
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  }
}

/** Ids shaped like Cognito subs (UUIDs): their last hex digit spreads the entries over every shard, as on AWS. */
export const userIdOf = (u: number) => `00000000-0000-4000-8000-${u.toString(16).padStart(12, '0')}`;
const matchIds = Array.from({ length: MATCHES }, (_, i) => `m${i}`);
export const BENCH_TIE_BREAK_ANSWER = 20;
/** Under the rules: match i's finish, and the team holding its title (every fourth match is a title match). */
export const benchMethod = (i: number): FinishMethod => (i % 2 === 0 ? 'PINFALL' : 'SUBMISSION');
export const benchChampion = (i: number): number | null => (i % 4 === 0 ? 2 : null);
// A spread of scores (and ties) without any pattern the scorer could exploit; under the rules, each
// player's joker on one match, a finish called on about a third of the picks, and most players guess.
const picksOf = (u: number, rules = false): PickItem[] =>
  matchIds.map((matchId, i) => ({
    matchId,
    team: (u * 31 + i * 17 + ((u >> 3) % 5)) % 3,
    ...(rules && (u + i) % 3 === 0 ? { method: benchMethod((u + i) % 2) } : {}),
    ...(rules && u % MATCHES === i ? { joker: true } : {}),
  }));
export const benchGuess = (u: number) => (u % 7 === 0 ? null : u % 41);
const prediction = (u: number, picks: PickItem[], rules = false, questions = false) => ({
  userId: userIdOf(u),
  displayName: `Player ${u}`,
  eventId: EVENT_ID,
  eventName: 'Bench Event',
  eventDate: DATE,
  picks,
  tieBreak: rules ? benchGuess(u) : null,
  answers: storedAnswers(
    questions
      ? benchAnswers(
          u,
          BENCH_QUESTIONS.map((_, i) => benchQuestionId(i)),
        )
      : [],
  ),
  points: null,
  correct: null,
  rank: null,
  updatedAt: `${DATE}T22:00:00.000Z`,
});

export function matchItem(i: number, result: number, rules = false): Item {
  const champion = rules ? benchChampion(i) : null;
  return MATCH.item({
    id: matchIds[i],
    eventId: EVENT_ID,
    name: null,
    points: (i + 1) * 5,
    preshow: false,
    championships: champion === null ? [] : ['Bench Title'],
    teams: [0, 1, 2].map((t) => ({ name: null, members: [`Wrestler ${i}-${t}`], champion: t === champion })),
    result,
    ...(rules ? { method: benchMethod(i) } : {}),
  });
}

/**
 * The bench event (every result set, BROADCAST), its card and `n` unscored predictions with their
 * entries, half the players with a profile; with `questions`, the event's questions answered
 * (bench/questions.ts) and every prediction's answers.
 */
export function benchEventItems(n: number, rules = false, questions = false): Item[] {
  const items: Item[] = [
    EVENT.item({
      id: EVENT_ID,
      name: 'Bench Event',
      date: DATE,
      startsAt: `${DATE}T23:00:00.000Z`,
      startsAtMs: Date.parse(`${DATE}T23:00:00.000Z`),
      state: 'BROADCAST',
      season: SEASON,
      matchOrder: matchIds,
      ...(rules ? { rules: EVERY_RULE_ON, tieBreakAnswer: BENCH_TIE_BREAK_ANSWER } : {}),
    }),
    ...matchIds.map((_, i) => matchItem(i, i % 3, rules)),
    ...(questions ? benchQuestionItems(EVENT_ID, true).map(QUESTION.item) : []),
  ];
  for (let u = 0; u < n; u++) {
    const p = prediction(u, picksOf(u, rules), rules, questions);
    items.push(
      PREDICTION.item(p),
      ENTRY.item({
        userId: p.userId,
        eventId: EVENT_ID,
        displayName: p.displayName,
        picks: p.picks,
        tieBreak: p.tieBreak,
        answers: p.answers,
        updatedAt: p.updatedAt,
      }),
    );
    if (u % 2 === 0) items.push(PROFILE.item(userIdOf(u), `Player ${u}!`));
  }
  return items;
}

async function load(client: DynamoDBClient, tableName: string, n: number): Promise<void> {
  await batchWrite(client, tableName, benchEventItems(n), CONCURRENCY[0]);
}

export async function batchWrite(
  client: DynamoDBClient,
  tableName: string,
  items: Item[],
  inFlight: number,
): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < items.length; i += 25)
    batches.push(items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: toAttributes(item) } })));
  await forEachBounded(batches, inFlight, async (batch) => {
    let pending = batch;
    while (pending.length > 0) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
      pending = out.UnprocessedItems?.[tableName] ?? [];
    }
  });
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  const dynamo = await startDynamoDbLocal({ stateDir: stateDir, inMemory: true, port: 18_500 });
  try {
    const rows = await benchScoring({
      endpoint: dynamo.endpoint,
      predictions: sizes.length > 0 ? sizes : [1000, 10000],
    });
    console.table(
      rows.map((r) => ({
        predictions: r.predictions,
        seconds: r.seconds.toFixed(2),
        'predictions/s': Math.round(r.predictionsPerSecond),
        'WCU reported': r.wcu,
        'WCU estimated': r.wcuEstimate,
        'est. WCU/prediction': (r.wcuEstimate / r.predictions).toFixed(2),
        'ceiling predictions/s': Math.round(r.ceilingPredictionsPerSecond),
        'of ceiling': `${(100 * r.ofCeiling).toFixed(0)}%`,
        're-score after a correction (s)': r.rescoreSeconds.toFixed(2),
        'reads alone (s)': r.readsSeconds.toFixed(2),
        'ceiling (s)': r.ceilingSeconds.toFixed(2),
      })),
    );
  } finally {
    await dynamo.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
