/**
 * Pick'Em items written straight into a test table with the entities' own builders, plus a reference
 * computation of what scoring must produce (independent of the scorer's incremental bookkeeping).
 */
import { BatchWriteItemCommand, GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AccessPattern } from '../../resolvers/lib/entities/access.ts';
import { EVENT } from '../../resolvers/lib/entities/event.ts';
import { MATCH } from '../../resolvers/lib/entities/match.ts';
import { PREDICTION } from '../../resolvers/lib/entities/prediction.ts';
import { PROFILE } from '../../resolvers/lib/entities/profile.ts';
import { STANDING } from '../../resolvers/lib/entities/standing.ts';
import { TABLE, type ItemKey } from '../../resolvers/lib/entities/table.ts';
import { fromAttributes, toAttributes, type Item } from '../../amplify/functions/score-event/attributes.ts';
import { queryAll, queryInput } from '../../amplify/functions/score-event/query.ts';

export interface MatchSpec {
  id: string;
  points: number;
  /** The winner; null for no result yet, or for a match with a no-winner `outcome`. */
  result: number | null;
  outcome?: 'DRAW' | 'NO_CONTEST';
  name?: string;
}

export interface EventSpec {
  id: string;
  date: string;
  state?: 'UPCOMING' | 'BROADCAST' | 'SCORED';
  matches: MatchSpec[];
  /** Card order; defaults to every match. Matches not listed exist but are off the card. */
  matchOrder?: string[];
}

/** userId -> matchId -> picked team */
export type Picks = Record<string, Record<string, number>>;

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
          const out = await this.client.send(new BatchWriteItemCommand({ RequestItems: { [this.tableName]: pending } }));
          pending = (out.UnprocessedItems?.[this.tableName] ?? []) as typeof pending;
        }
      }),
    );
  }

  async event(spec: EventSpec): Promise<void> {
    await this.put(eventItem(spec));
    await this.putAll(spec.matches.map((m) => matchItem(spec.id, m)));
  }

  async setResult(eventId: string, match: MatchSpec): Promise<void> {
    await this.put(matchItem(eventId, match));
  }

  async setState(spec: EventSpec, state: EventSpec['state']): Promise<void> {
    await this.put(eventItem({ ...spec, state }));
  }

  async predictions(spec: EventSpec, picks: Picks): Promise<void> {
    await this.putAll(Object.entries(picks).map(([userId, p]) => predictionItem(spec, userId, p)));
  }

  async profile(userId: string, displayName: string): Promise<void> {
    await this.put(PROFILE.item(userId, displayName));
  }

  async get(key: ItemKey): Promise<Item | undefined> {
    const out = await this.client.send(new GetItemCommand({ TableName: this.tableName, Key: toAttributes({ ...key }), ConsistentRead: true }));
    return out.Item ? fromAttributes(out.Item) : undefined;
  }

  /** Every page of an access pattern. */
  query(pattern: AccessPattern): Promise<Item[]> {
    return queryAll(this.client, queryInput(this.tableName, pattern));
  }

  /** The season's standings, as the standings GSI returns them (best first). */
  async standings(season: number | string) {
    return (await this.query(STANDING.bySeason(season)!)).map((s) => ({
      userId: s.userId,
      displayName: s.displayName,
      points: s.points,
      correct: s.correct,
      eventsPlayed: s.eventsPlayed,
      rank: s.rank,
      [TABLE.gsiSk]: s[TABLE.gsiSk],
    }));
  }

  /** The event's predictions read descending: the unscored ones, then the leaderboard (scored, best first). */
  async leaderboard(eventId: string) {
    return (await this.query({ ...PREDICTION.all(eventId), forward: false })).map((p) => ({
      userId: p.userId,
      displayName: p.displayName,
      points: p.points ?? null,
      correct: p.correct ?? null,
      rank: p.rank ?? null,
      [TABLE.gsiSk]: p[TABLE.gsiSk],
    }));
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
  });
}

export function matchItem(eventId: string, m: MatchSpec): Item {
  return MATCH.item({
    id: m.id,
    eventId,
    name: m.name ?? null,
    points: m.points,
    preshow: false,
    championships: [],
    teams: [
      { name: null, members: ['A'], champion: false },
      { name: null, members: ['B'], champion: false },
      { name: null, members: ['C'], champion: false },
    ],
    result: m.result,
    outcome: m.outcome ?? (m.result === null ? null : 'WIN'),
  });
}

export function predictionItem(spec: EventSpec, userId: string, picks: Record<string, number>): Item {
  return PREDICTION.item({
    userId,
    displayName: `name-${userId}`,
    eventId: spec.id,
    eventName: `Event ${spec.id}`,
    eventDate: spec.date,
    picks: Object.entries(picks).map(([matchId, team]) => ({ matchId, team })),
    points: null,
    correct: null,
    rank: null,
    updatedAt: `${spec.date}T19:00:00.000Z`,
  });
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

/** What one event's leaderboard must be, by user id. */
export function expectedLeaderboard(spec: EventSpec, picks: Picks) {
  const card = new Set(spec.matchOrder ?? spec.matches.map((m) => m.id));
  const rows = Object.entries(picks).map(([userId, p]) => {
    let points = 0;
    let correct = 0;
    for (const m of spec.matches) {
      if (card.has(m.id) && p[m.id] !== undefined && p[m.id] === m.result) {
        points += m.points;
        correct += 1;
      }
    }
    return { userId, points, correct };
  });
  const ranks = rankAll(rows);
  return new Map(rows.map((r) => [r.userId, { points: r.points, correct: r.correct, rank: ranks.get(r)! }]));
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
