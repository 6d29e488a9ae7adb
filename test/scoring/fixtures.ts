/**
 * Pick'Em items written straight into a test table with the entities' own builders, plus a reference
 * computation of what scoring must produce (independent of the scorer's incremental bookkeeping).
 */
import {
  BatchWriteItemCommand,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  TransactWriteItemsCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { scoresOf, storedAnswers } from '@pickem/domain/entities/stored-answers';
import { afterEach, expect } from 'vitest';
import { localDynamoDbEnvironment } from 'appsync-local';
import { createTestTable, dynamoEndpoint } from 'appsync-local/testing';
import {
  BOARD,
  chunkRowsOf,
  rankOf,
  rowAllPicks,
  rowAnswers,
  type BoardChunk,
  type BoardHead,
  type EventRow,
  type SeasonRow,
} from '@pickem/domain/entities/board';
import type { AnswerItem, PickItem } from '@pickem/domain/entities/prediction';
import { QUESTION } from '@pickem/domain/entities/question';
import type { RulesItem } from '@pickem/domain/rules';
import type { FinishMethod, QuestionKind } from '@pickem/domain/schema-types';
import { ENTRY } from '@pickem/domain/entities/entry';
import type { AccessPattern } from '@pickem/domain/entities/access';
import { EVENT } from '@pickem/domain/entities/event';
import { MATCH } from '@pickem/domain/entities/match';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { PROFILE } from '@pickem/domain/entities/profile';
import { SEASON_RANKS, seasonRank, type SeasonRanksItem } from '@pickem/domain/entities/season-ranks';
import { STANDING } from '@pickem/domain/entities/standing';
import { TABLE, type ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes, type Item } from '../../amplify/functions/score-event/attributes.ts';
import { chunkKeys } from '../../amplify/functions/score-event/board.ts';
import { queryAll, queryInput } from '../../amplify/functions/score-event/query.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { stateDir } from '../../project.ts';

export interface MatchSpec {
  id: string;
  points: number;
  /** The winner; null for no result yet, or for a match with a no-winner `outcome`. */
  result: number | null;
  outcome?: 'DRAW' | 'NO_CONTEST';
  name?: string;
  /** The finish of a match with a winner. */
  method?: FinishMethod;
  /** The team holding the match's championship (the match is then a title match). */
  champion?: number;
}

export interface EventSpec {
  id: string;
  date: string;
  state?: 'UPCOMING' | 'BROADCAST' | 'SCORED';
  matches: MatchSpec[];
  /** Card order; defaults to every match. Matches not listed exist but are off the card. */
  matchOrder?: string[];
  /** The scoring rules (absent: every rule off) and the tie-break answer. */
  rules?: RulesItem;
  tieBreakAnswer?: number | null;
  /** Each player's tie-break guess (absent: none). */
  guesses?: Record<string, number>;
  /** The event's questions (absent: none) and each player's answers to them. */
  questions?: QuestionSpec[];
  answers?: Record<string, Record<string, AnswerSpec>>;
}

export interface QuestionSpec {
  id: string;
  kind: QuestionKind;
  /** How many options (CHOICE, MULTI). */
  options?: number;
  pickCount?: number;
  points: number;
  closePoints?: number;
  closeRange?: number;
  /** Null: no answer yet. */
  answer: { options?: number[]; number?: number | null; void?: boolean } | null;
}

/** An answer: the option indexes (CHOICE, MULTI) or the number (NUMBER). */
export type AnswerSpec = number[] | number;

const answersOf = (spec: EventSpec, userId: string): AnswerItem[] =>
  Object.entries(spec.answers?.[userId] ?? {}).map(([questionId, a]) =>
    typeof a === 'number' ? { questionId, options: [], number: a } : { questionId, options: a, number: null },
  );

export function questionItem(eventId: string, q: QuestionSpec, position: number): Item {
  return QUESTION.item({
    id: q.id,
    eventId,
    position,
    kind: q.kind,
    text: `Question ${q.id}`,
    options: Array.from({ length: q.kind === 'NUMBER' ? 0 : (q.options ?? 2) }, (_, i) => `Option ${i}`),
    pickCount: q.kind === 'NUMBER' ? 0 : (q.pickCount ?? 1),
    points: q.points,
    closePoints: q.closePoints ?? 0,
    closeRange: q.closeRange ?? 0,
    answer:
      q.answer === null
        ? null
        : { options: q.answer.options ?? [], number: q.answer.number ?? null, void: q.answer.void === true },
  }) as unknown as Item;
}

/** A pick: the team alone, or with its finish and joker. */
export type PickSpec = number | { team: number; method?: FinishMethod; joker?: boolean };

/** userId -> matchId -> pick */
export type Picks = Record<string, Record<string, PickSpec>>;

const pickOf = (matchId: string, p: PickSpec): PickItem =>
  typeof p === 'number' ? { matchId, team: p } : { matchId, ...p };
const picksOf = (p: Record<string, PickSpec>): PickItem[] => Object.entries(p).map(([m, s]) => pickOf(m, s));

export class Fixture {
  constructor(
    readonly client: DynamoDBClient,
    readonly tableName: string,
  ) {}

  async put(item: Item): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: toAttributes(item) }));
  }

  async putAll(items: Item[]): Promise<void> {
    const chunks: Item[][] = [];
    for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
    await Promise.all(
      chunks.map(async (chunk) => {
        let pending = chunk.map((item) => ({ PutRequest: { Item: toAttributes(item) } }));
        while (pending.length > 0) {
          const out = await this.client.send(
            new BatchWriteItemCommand({ RequestItems: { [this.tableName]: pending } }),
          );
          pending = (out.UnprocessedItems?.[this.tableName] ?? []) as typeof pending;
        }
      }),
    );
  }

  async event(spec: EventSpec): Promise<void> {
    await this.put(eventItem(spec));
    await this.putAll([
      ...spec.matches.map((m) => matchItem(spec.id, m)),
      ...(spec.questions ?? []).map((q, i) => questionItem(spec.id, q, i + 1)),
    ]);
  }

  /** An answer as setQuestionAnswer writes it: the question and the event's card revision raised by one, in one transaction. */
  async enterAnswer(spec: EventSpec, questionId: string): Promise<void> {
    const position = (spec.questions ?? []).findIndex((q) => q.id === questionId);
    await this.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: toAttributes({ ...EVENT.key(spec.id) }),
              UpdateExpression: 'ADD #cardRev :one',
              ExpressionAttributeNames: { '#cardRev': EVENT.cardRevAttribute },
              ExpressionAttributeValues: toAttributes({ ':one': 1 }),
            },
          },
          {
            Put: {
              TableName: this.tableName,
              Item: toAttributes(questionItem(spec.id, spec.questions![position], position + 1)),
            },
          },
        ],
      }),
    );
  }

  async setResult(eventId: string, match: MatchSpec): Promise<void> {
    await this.put(matchItem(eventId, match));
  }

  /** A result as setMatchResult writes it: the match and the event's card revision raised by one, in one transaction. */
  async enterResult(eventId: string, match: MatchSpec): Promise<void> {
    await this.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: toAttributes({ ...EVENT.key(eventId) }),
              UpdateExpression: 'ADD #cardRev :one',
              ExpressionAttributeNames: { '#cardRev': EVENT.cardRevAttribute },
              ExpressionAttributeValues: toAttributes({ ':one': 1 }),
            },
          },
          { Put: { TableName: this.tableName, Item: toAttributes(matchItem(eventId, match)) } },
        ],
      }),
    );
  }

  async setState(spec: EventSpec, state: EventSpec['state']): Promise<void> {
    await this.put(eventItem({ ...spec, state }));
  }

  /** Each player's prediction and its entry, as savePrediction writes them together. */
  async predictions(spec: EventSpec, picks: Picks): Promise<void> {
    await this.putAll(
      Object.entries(picks).flatMap(([userId, p]) => [predictionItem(spec, userId, p), entryItem(spec, userId, p)]),
    );
  }

  async profile(userId: string, displayName: string): Promise<void> {
    await this.put(PROFILE.item(userId, displayName));
  }

  async get(key: ItemKey): Promise<Item | undefined> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: toAttributes({ ...key }), ConsistentRead: true }),
    );
    return out.Item ? fromAttributes(out.Item) : undefined;
  }

  /** Every page of an access pattern. */
  query(pattern: AccessPattern): Promise<Item[]> {
    return queryAll(this.client, queryInput(this.tableName, pattern));
  }

  /** A board's head (null: none) and every row, in order, read from its chunks. */
  async board<Row extends unknown[]>(scope: string): Promise<{ head: BoardHead | null; rows: Row[] }> {
    const head = (await this.get(BOARD.headKey(scope))) as unknown as BoardHead | undefined;
    if (!head) return { head: null, rows: [] };
    const rows: Row[] = [];
    for (const key of chunkKeys(scope, head.chunkSet, head.rowCount)) {
      const chunk = await this.get(key);
      if (!chunk) throw new Error(`chunk ${key[TABLE.pk]} of ${scope} is missing`);
      rows.push(...chunkRowsOf(chunk as unknown as BoardChunk<Row>));
    }
    return { head, rows };
  }

  /** Rewrites the chunks of a board's current set as chunks were written before their rows were JSON text (a list in `rows`); how many. */
  async chunksAsLists(scope: string): Promise<number> {
    const head = (await this.get(BOARD.headKey(scope))) as unknown as BoardHead;
    const keys = chunkKeys(scope, head.chunkSet, head.rowCount);
    for (const key of keys) {
      const { rowsJson, ...chunk } = (await this.get(key))!;
      expect(rowsJson, `chunk ${key[TABLE.pk]} as written now`).toMatch(/^\[\[/);
      await this.put({ ...chunk, rows: JSON.parse(rowsJson as string) as unknown[] });
    }
    return keys.length;
  }

  /** The event board's rows as objects (empty before its first pass). */
  async leaderboard(eventId: string) {
    const { rows } = await this.board<EventRow>(BOARD.eventScope(eventId));
    return rows.map(([userId, displayName, points, correct, rank, picks, savedAtMs]) => ({
      userId,
      displayName,
      points,
      correct,
      rank,
      picks,
      savedAtMs,
    }));
  }

  /** The season board's rows as objects, in board order. */
  async standings(season: number | string) {
    const { rows } = await this.board<SeasonRow>(BOARD.seasonScope(STANDING.seasonIdOf(season)!));
    return rows.map(([userId, displayName, points, correct, rank, eventsPlayed, rev]) => ({
      userId,
      displayName,
      points,
      correct,
      eventsPlayed,
      rank,
      rev,
    }));
  }

  /** Every stored item (a Scan: test tables are small). */
  async scan(): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.client.send(
        new ScanCommand({ TableName: this.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
      );
      for (const raw of out.Items ?? []) items.push(fromAttributes(raw));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /**
   * What a board has stored besides its head (a Scan): its chunks, counted by chunk set, and the sets
   * it has records of (sorted).
   */
  async boardStorage(scope: string): Promise<{ chunks: Map<string, number>; records: string[] }> {
    const chunks = new Map<string, number>();
    const records: string[] = [];
    for (const item of await this.scan()) {
      const key = item as unknown as ItemKey;
      const set = BOARD.chunkSetOf(scope, key[TABLE.pk]);
      if (set !== null) chunks.set(set, (chunks.get(set) ?? 0) + 1);
      else if (BOARD.isChunkSetOf(scope, key)) records.push(item.chunkSet as string);
    }
    return { chunks, records: records.sort() };
  }

  /** Every stored standing item of the season (a Scan: test tables are small), highest first. */
  async storedStandings(season: number | string) {
    const seasonId = STANDING.seasonIdOf(season);
    const items = await this.scan();
    return items
      .filter((i) => i.type === STANDING.type && i.seasonId === seasonId)
      .map((s) => ({
        userId: s.userId as string,
        displayName: s.displayName as string,
        points: s.points as number,
        correct: s.correct as number,
        eventsPlayed: s.eventsPlayed as number,
        rev: s.rev as number,
      }))
      .sort((a, b) => b.points - a.points || b.correct - a.correct || (a.userId < b.userId ? 1 : -1));
  }

  /** The stored predictions of the event's entries (read from the 16 shards), by user id. */
  async predictionsOf(spec: Pick<EventSpec, 'id' | 'date'>) {
    const entries = (await Promise.all(ENTRY.shards().map((s) => this.query(ENTRY.shard(spec.id, s))))).flat();
    const out = new Map<
      string,
      {
        displayName: unknown;
        points: unknown;
        correct: unknown;
        rank: unknown;
        scores: unknown;
        cardBonus: unknown;
        questionScores: unknown;
      }
    >();
    for (const e of entries) {
      const p = await this.get(PREDICTION.key(e.userId as string, spec.date, spec.id));
      out.set(e.userId as string, {
        displayName: p?.displayName,
        points: p?.points ?? null,
        correct: p?.correct ?? null,
        rank: p?.rank ?? null,
        scores: p?.scores ?? null,
        cardBonus: p?.cardBonus ?? null,
        questionScores: p?.questionScores === undefined ? null : scoresOf(p.questionScores as string),
      });
    }
    return out;
  }
}

export function eventItem(spec: EventSpec): Item {
  return EVENT.item({
    id: spec.id,
    name: `Event ${spec.id}`,
    date: spec.date,
    startsAt: `${spec.date}T20:00:00.000Z`,
    startsAtMs: Date.parse(`${spec.date}T20:00:00.000Z`),
    state: spec.state ?? 'BROADCAST',
    season: EVENT.season(spec.date),
    matchOrder: spec.matchOrder ?? spec.matches.map((m) => m.id),
    ...(spec.rules ? { rules: spec.rules } : {}),
    ...(spec.tieBreakAnswer !== undefined ? { tieBreakAnswer: spec.tieBreakAnswer } : {}),
  });
}

export function matchItem(eventId: string, m: MatchSpec): Item {
  return MATCH.item({
    id: m.id,
    eventId,
    name: m.name ?? null,
    points: m.points,
    preshow: false,
    championships: m.champion === undefined ? [] : ['The Title'],
    teams: [
      { name: null, members: ['A'], champion: m.champion === 0 },
      { name: null, members: ['B'], champion: m.champion === 1 },
      { name: null, members: ['C'], champion: m.champion === 2 },
    ],
    result: m.result,
    outcome: m.outcome ?? (m.result === null ? null : 'WIN'),
    method: m.result === null ? null : (m.method ?? null),
  });
}

export function predictionItem(spec: EventSpec, userId: string, picks: Record<string, PickSpec>): Item {
  return PREDICTION.item({
    userId,
    displayName: `name-${userId}`,
    eventId: spec.id,
    eventName: `Event ${spec.id}`,
    eventDate: spec.date,
    picks: picksOf(picks),
    tieBreak: spec.guesses?.[userId] ?? null,
    answers: storedAnswers(answersOf(spec, userId)),
    points: null,
    correct: null,
    rank: null,
    updatedAt: `${spec.date}T19:00:00.000Z`,
  });
}

export function entryItem(spec: EventSpec, userId: string, picks: Record<string, PickSpec>): Item {
  return ENTRY.item({
    userId,
    eventId: spec.id,
    displayName: `name-${userId}`,
    picks: picksOf(picks),
    tieBreak: spec.guesses?.[userId] ?? null,
    answers: storedAnswers(answersOf(spec, userId)),
    updatedAt: `${spec.date}T19:00:00.000Z`,
  });
}

/** The event board a spec and its picks must give: rows in board order, and the players at each score. */
export function expectedEventBoard(spec: EventSpec, picks: Picks) {
  const board = [...expectedLeaderboard(spec, picks)].map(([userId, s]) => ({ userId, ...s }));
  const second = new Map(board.map((r) => [r.userId, tieKey(spec, r.userId, r.correct)]));
  const rows = board
    .sort(
      (a, b) => b.points - a.points || second.get(b.userId)! - second.get(a.userId)! || (a.userId < b.userId ? 1 : -1),
    )
    .map(({ userId, points, correct, rank }) => ({ userId, points, correct, rank }));
  return { rows, scores: histogramOf(rows.map((r) => ({ points: r.points, correct: second.get(r.userId)! }))) };
}

/**
 * What breaks a tie on points on an event board, written from the rules' words: without a question,
 * correct picks; with one, the nearer guess ranks higher, no guess last, everyone equal before the answer.
 */
function tieKey(spec: EventSpec, userId: string, correct: number): number {
  if (!spec.rules || spec.rules.tieBreakQuestion === null) return correct;
  const answer = spec.tieBreakAnswer ?? null;
  const guess = spec.guesses?.[userId];
  if (answer === null || guess === undefined) return 0;
  return 100001 - Math.abs(guess - answer);
}

function histogramOf(rows: { points: number; correct: number }[]): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last[0] === r.points && last[1] === r.correct) last[2] += 1;
    else out.push([r.points, r.correct, 1]);
  }
  return out;
}

/**
 * The event board equals a from-scratch computation: its rows (user, points, correct, rank, picks on
 * the head's card) in order, its histogram, its row count, and rankOf for every player; with `final`,
 * the stored predictions hold the same points, correct and rank.
 */
export async function expectEventBoard(fx: Fixture, spec: EventSpec, picks: Picks, opts: { final: boolean }) {
  const want = expectedEventBoard(spec, picks);
  const { head, rows } = await fx.board<EventRow>(BOARD.eventScope(spec.id));
  expect(head, `board of ${spec.id}`).not.toBeNull();
  expect(rows.map((r) => ({ userId: r[0], points: r[2], correct: r[3], rank: r[4] }))).toEqual(want.rows);
  expect(head!.scores).toEqual(want.scores);
  expect(head!.rowCount).toBe(want.rows.length);
  expect(head!.final).toBe(opts.final);
  const card = spec.matchOrder ?? spec.matches.map((m) => m.id);
  expect(head!.card.map((m) => m[0])).toEqual(card);
  for (const r of want.rows) expect(rankOf(head!, r.points, tieKey(spec, r.userId, r.correct)), r.userId).toBe(r.rank);
  // A finish or a joker is kept only where the rules score it; the board keeps them as saved.
  const asSaved = (p: PickItem) => ({
    matchId: p.matchId,
    team: p.team,
    ...(p.method ? { method: p.method } : {}),
    ...(p.joker ? { joker: true } : {}),
  });
  for (const r of rows) {
    const own = picksOf(picks[r[0]])
      .filter((p) => card.includes(p.matchId))
      .map(asSaved);
    expect(
      rowAllPicks(head!, r).sort((a, b) => (a.matchId < b.matchId ? -1 : 1)),
      `picks of ${r[0]}`,
    ).toEqual(own.sort((a, b) => (a.matchId < b.matchId ? -1 : 1)));
    expect(r[9] ?? null, `guess of ${r[0]}`).toBe(spec.guesses?.[r[0]] ?? null);
    expect(rowAnswers(head!, r), `answers of ${r[0]}`).toEqual(
      (spec.questions ?? []).flatMap((q) => answersOf(spec, r[0]).filter((a) => a.questionId === q.id)),
    );
  }
  if (opts.final) {
    const stored = await fx.predictionsOf(spec);
    const board = expectedLeaderboard(spec, picks);
    expect(stored.size).toBe(want.rows.length);
    for (const r of want.rows)
      expect(stored.get(r.userId), r.userId).toMatchObject({
        points: r.points,
        correct: r.correct,
        rank: r.rank,
        cardBonus: board.get(r.userId)!.cardBonus,
        scores: board.get(r.userId)!.scores,
        questionScores: board.get(r.userId)!.questionScores,
      });
  }
  return { head: head!, rows };
}

/**
 * A season equals a from-scratch computation (expectedStandings): the stored standings' totals, the
 * season board's rows (totals, ranks, and the revision and name of the stored standing), its
 * histogram, and rankOf for every player.
 */
export async function expectSeason(fx: Fixture, season: number | string, want: ReturnType<typeof expectedStandings>) {
  const stored = await fx.storedStandings(season);
  expect(
    stored.map(({ userId, points, correct, eventsPlayed }) => ({ userId, points, correct, eventsPlayed })),
    `stored standings of ${season}`,
  ).toEqual(want.map(({ userId, points, correct, eventsPlayed }) => ({ userId, points, correct, eventsPlayed })));
  const { head, rows } = await fx.board<SeasonRow>(BOARD.seasonScope(STANDING.seasonIdOf(season)!));
  if (want.length === 0 && head === null) return;
  expect(head, `board of season ${season}`).not.toBeNull();
  const byUser = new Map(stored.map((s) => [s.userId, s]));
  expect(
    rows.map((r) => ({ userId: r[0], points: r[2], correct: r[3], eventsPlayed: r[5], rank: r[4] })),
    `board of season ${season}`,
  ).toEqual(want);
  for (const r of rows)
    expect([r[1], r[6]], `name and rev of ${r[0]} in ${season}`).toEqual([
      byUser.get(r[0])!.displayName,
      byUser.get(r[0])!.rev,
    ]);
  expect(head!.scores, 'a season head holds no score counts').toEqual([]);
  expect(head!.rowCount).toBe(want.length);
  // The rank buckets: at the head's version, together the season's histogram, and each player's rank read from theirs.
  const seasonId = STANDING.seasonIdOf(season)!;
  const buckets = (await fx.query(SEASON_RANKS.all(seasonId))) as unknown as SeasonRanksItem[];
  buckets.sort((a, b) => b.bucket - a.bucket);
  expect(buckets.map((b) => b.version)).toEqual(buckets.map(() => head!.version));
  expect(buckets.flatMap((b) => b.scores)).toEqual(histogramOf(want));
  const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
  for (const r of want) {
    const bucket = byBucket.get(SEASON_RANKS.bucketOf(r.points)) ?? null;
    expect(seasonRank(bucket, r.points, r.correct), `season rank of ${r.userId}`).toBe(r.rank);
  }
}

/** Competition ranks over (points desc, correct desc); written independently of the scorer's. */
function rankAll<T extends { points: number; correct: number }>(rows: T[]): Map<T, number> {
  const ranks = new Map<T, number>();
  for (const r of rows) {
    const better = rows.filter((o) => o.points > r.points || (o.points === r.points && o.correct > r.correct)).length;
    ranks.set(r, better + 1);
  }
  return ranks;
}

/**
 * What one event's leaderboard must be, by user id, computed from the rules' words (README, the
 * issue) with none of the scorer's code: the picks at the bell counted here, each rule applied in turn.
 */
export function expectedLeaderboard(spec: EventSpec, picks: Picks) {
  const order = spec.matchOrder ?? spec.matches.map((m) => m.id);
  const onCard = order.map((id) => spec.matches.find((m) => m.id === id)!);
  const rules = spec.rules;
  const on = <K extends keyof RulesItem>(k: K) => (rules ? rules[k] : 0);
  // How many players picked each team of each match, over every prediction (the count at the bell).
  const count = (matchId: string, team: number) =>
    Object.values(picks).filter((p) => p[matchId] !== undefined && pickOf(matchId, p[matchId]).team === team).length;
  const pickers = (matchId: string) => Object.values(picks).filter((p) => p[matchId] !== undefined).length;
  const rows = Object.entries(picks).map(([userId, p]) => {
    let points = 0;
    let correct = 0;
    let allRight = true;
    let winners = 0;
    const scores: { matchId: string; points: number }[] = [];
    for (const m of onCard) {
      if (m.result === null && m.outcome === undefined) continue; // no result yet: nothing, not even a score
      let earned = 0;
      const pick = p[m.id] === undefined ? null : pickOf(m.id, p[m.id]);
      const joker = rules?.joker === true && pick?.joker === true;
      if (m.result !== null) {
        winners += 1;
        if (pick !== null && pick.team === m.result) {
          correct += 1;
          earned += joker ? 2 * m.points : m.points;
          if (on('methodBonus') && m.method !== undefined && pick.method === m.method) earned += rules!.methodBonus;
          if (on('underdogBonus') && count(m.id, pick.team) / pickers(m.id) < rules!.underdogPercent / 100)
            earned += rules!.underdogBonus;
          if (on('titleChangeBonus') && m.champion !== undefined && m.result !== m.champion)
            earned += rules!.titleChangeBonus;
        } else {
          allRight = false;
          if (joker) earned -= m.points;
        }
      }
      scores.push({ matchId: m.id, points: earned });
      points += earned;
    }
    const everyResult = onCard.every((m) => m.result !== null || m.outcome !== undefined);
    const cardBonus = on('perfectCardBonus') && everyResult && allRight && winners > 0 ? rules!.perfectCardBonus : 0;
    const questionScores = expectedQuestionScores(spec, userId);
    const asked = questionScores.reduce((n, q) => n + q.points, 0);
    return { userId, points: points + cardBonus + asked, correct, scores, cardBonus, questionScores };
  });
  const ranks = rankAll(rows.map((r) => ({ ...r, correct: tieKey(spec, r.userId, r.correct) })));
  return new Map(
    rows.map((r, i) => [
      r.userId,
      {
        points: r.points,
        correct: r.correct,
        rank: [...ranks.values()][i],
        scores: r.scores,
        cardBonus: r.cardBonus,
        questionScores: r.questionScores,
      },
    ]),
  );
}

/**
 * What a player's answers earn, from the words: a voided question nothing; CHOICE the
 * question's points for the right option; MULTI its points for each picked option in the answer;
 * NUMBER its points for the exact number, else its close points within the close range (edges in).
 * Questions without an answer are not listed.
 */
export function expectedQuestionScores(spec: EventSpec, userId: string) {
  const out: { questionId: string; points: number }[] = [];
  for (const q of spec.questions ?? []) {
    if (q.answer === null) continue;
    const given = spec.answers?.[userId]?.[q.id];
    let points = 0;
    if (q.answer.void !== true && given !== undefined) {
      if (q.kind === 'NUMBER' && typeof given === 'number') {
        const right = q.answer.number!;
        if (given === right) points = q.points;
        else if (Math.abs(given - right) <= (q.closeRange ?? 0)) points = q.closePoints ?? 0;
      } else if (typeof given !== 'number') {
        const hits = given.filter((o) => q.answer!.options!.includes(o)).length;
        points = q.kind === 'CHOICE' ? (hits > 0 ? q.points : 0) : q.points * hits;
      }
    }
    out.push({ questionId: q.id, points });
  }
  return out;
}

/** What a season's standings must be after scoring `events` (each with its picks), from scratch. */
export function expectedStandings(events: { spec: EventSpec; picks: Picks }[]) {
  const totals = new Map<string, { userId: string; points: number; correct: number; eventsPlayed: number }>();
  for (const { spec, picks } of events) {
    for (const [userId, score] of expectedLeaderboard(spec, picks)) {
      const t = totals.get(userId) ?? { userId, points: 0, correct: 0, eventsPlayed: 0 };
      t.points += score.points;
      t.correct += score.correct;
      t.eventsPlayed += 1;
      totals.set(userId, t);
    }
  }
  const rows = [...totals.values()];
  const ranks = rankAll(rows);
  return rows
    .map((r) => ({ ...r, rank: ranks.get(r)! }))
    .sort((a, b) => b.points - a.points || b.correct - a.correct || (a.userId < b.userId ? 1 : -1));
}

/** A Fixture on a fresh table of the run's DynamoDB Local. */
export async function freshFixture(): Promise<Fixture> {
  const { client, tableName } = await createTestTable();
  return new Fixture(client, tableName);
}

/** A Fixture on a fresh table, and a scorer of that table with the default options. */
export async function freshScoring() {
  const fx = await freshFixture();
  return { fx, scorer: createScorer({ client: fx.client, tableName: fx.tableName }) };
}

/** What the score-event handler reads from its environment. */
const HANDLER_ENVIRONMENT = [
  'TABLE_NAME',
  'API_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
];

/** After each test, the handler's environment put back as it is now. */
export function restoreHandlerEnvironmentAfterEach(): void {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of HANDLER_ENVIRONMENT) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
}

/** The handler's environment pointed at this table of the run's DynamoDB Local. */
export function handlerEnvironmentOn(tableName: string): void {
  Object.assign(process.env, { TABLE_NAME: tableName, ...localDynamoDbEnvironment(dynamoEndpoint(), stateDir) });
}
