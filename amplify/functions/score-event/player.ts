/**
 * One player's part of a scoring run: their prediction's score and their standing in every season
 * that contains the event, written together in one transaction so that each standing's totals are
 * always the sum of the player's scored predictions of that season, whatever point a run stops at.
 */
import type { TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { STANDING } from '../../../resolvers/lib/entities/standing.ts';
import { TABLE } from '../../../resolvers/lib/entities/table.ts';
import type { Item } from './attributes.ts';
import { transactionalWriteUnits } from './capacity.ts';
import { setUpdate } from './expressions.ts';
import { standingKey } from './standings.ts';
import { isConditionFailure, type Key, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** What this run gives a prediction: its score, and the attributes that score sets (PREDICTION.scored). */
export interface PredictionScore {
  userId: string;
  key: Key;
  points: number;
  correct: number;
  rank: number;
  set: Item;
}

export interface PlayerState {
  prediction: Item | undefined;
  /** The player's standing in each season of the event, by season id (undefined: none yet). */
  standings: Map<string, Item | undefined>;
}

export interface PlayerContext {
  displayName: string;
  /** The event's seasons, each with the rank the standing should get (checked again after all players are written). */
  seasons: { id: string; rank: number }[];
}


const scored = (p: Item) => typeof p.points === 'number';

/** Whether the standing holds at least the prediction's stored score (as it must, when both are current). */
export function coversPrediction(prediction: Item | undefined, standing: Item | undefined): boolean {
  const p = prediction ?? {};
  if (!scored(p)) return true;
  const s = standing;
  return ((s?.points as number) ?? 0) >= (p.points as number) && ((s?.correct as number) ?? 0) >= (p.correct as number) && ((s?.eventsPlayed as number) ?? 0) >= 1;
}

/** A standing's totals once this prediction's old score is replaced by its new one. */
export function projectedTotals(prediction: Item | undefined, standing: Item | undefined, score: { points: number; correct: number }) {
  const p = prediction ?? {};
  const s = standing;
  const points = ((s?.points as number) ?? 0) - (scored(p) ? (p.points as number) : 0) + score.points;
  const correct = ((s?.correct as number) ?? 0) - (scored(p) ? (p.correct as number) : 0) + score.correct;
  const eventsPlayed = ((s?.eventsPlayed as number) ?? 0) + (scored(p) ? 0 : 1);
  if (points < 0 || correct < 0) {
    throw new Error(`Standing of ${s?.userId} holds less than its own prediction's score: another run changed them between this run's reads (running again converges), or the table was changed outside the scorer`);
  }
  return { points, correct, eventsPlayed };
}

/** The writes that bring the player to `score`, or null when everything already matches. */
export interface Plan {
  items: TransactWriteItem[];
  wcuEstimate: number;
  writesStanding: boolean;
}

/**
 * When the prediction's points or correct change, its standings' totals change with it: every item
 * is written together. Otherwise the totals stay and only what differs is written (a rank, a display
 * name), each item on its own condition: most of a live pass after one more result.
 */
export function planPlayer(tableName: string, score: PredictionScore, state: PlayerState, ctx: PlayerContext): Plan | null {
  const prediction = state.prediction!;
  const predictionSet = { ...score.set, displayName: ctx.displayName };
  const same = (item: Item | undefined, wanted: Item) => item !== undefined && Object.entries(wanted).every(([k, v]) => item[k] === v);
  const scoreKept = scored(prediction) && prediction.points === score.points && prediction.correct === score.correct;
  const writePrediction = !(scored(prediction) && same(prediction, predictionSet));

  const items: TransactWriteItem[] = [];
  let wcuEstimate = 0;
  if (writePrediction) {
    items.push({
      Update: setUpdate(tableName, score.key, predictionSet, (e) =>
        scored(prediction)
          ? e.equalAll({ points: prediction.points, correct: prediction.correct })
          : `attribute_exists(${e.name(TABLE.pk)}) AND (attribute_not_exists(${e.name('points')}) OR attribute_type(${e.name('points')}, ${e.value('NULL')}))`,
      ),
    });
    wcuEstimate += transactionalWriteUnits(prediction, predictionSet);
  }
  let writesStanding = false;
  for (const season of ctx.seasons) {
    const standing = state.standings.get(season.id);
    const totals = projectedTotals(prediction, standing, score);
    const standingSet = STANDING.attributes(season.id, score.userId, ctx.displayName, totals, season.rank);
    if (standingSet === null) {
      throw new Error(`Season ${season.id} standing of ${score.userId} (${totals.points} points, ${totals.correct} correct) does not fit its sort key`);
    }
    if (scoreKept && same(standing, standingSet)) continue;
    writesStanding = true;
    items.push({
      Update: setUpdate(tableName, standingKey(score.userId, season.id), standingSet, (e) =>
        standing
          ? e.equalAll({ points: standing.points, correct: standing.correct, eventsPlayed: standing.eventsPlayed })
          : `attribute_not_exists(${e.name(TABLE.pk)})`,
      ),
    });
    wcuEstimate += transactionalWriteUnits(standing, standingSet);
  }
  if (items.length === 0) return null;
  return { items, wcuEstimate, writesStanding };
}

/**
 * Brings one player to `score`. A failed condition means another run changed the prediction or the
 * standing since they were read: read both again (strongly consistent) and recompute.
 * Returns whether the standing was written; null if the prediction is gone.
 */
export async function scorePlayer(
  store: Store,
  score: PredictionScore,
  initial: PlayerState | undefined,
  ctx: PlayerContext,
): Promise<{ written: boolean } | null> {
  let state = initial;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0 || !state) state = await readPlayer(store, score, ctx.seasons.map((s) => s.id));
    if (!state.prediction) return null;
    const plan = planPlayer(store.tableName, score, state, ctx);
    if (!plan) return { written: false };
    try {
      await store.transact(plan.items, plan.wcuEstimate);
      return { written: plan.writesStanding };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(`Could not score ${score.userId}'s prediction after ${MAX_ATTEMPTS} attempts: it keeps changing under another run`);
}

export interface PlayerJob {
  score: PredictionScore;
  state: PlayerState;
  ctx: PlayerContext;
}

/**
 * Several players in one transaction (each player's items stay atomic, and so does the
 * lot): far fewer requests than one transaction per player. If any condition fails, the players
 * are settled one by one from fresh reads.
 */
export async function scorePlayers(store: Store, jobs: PlayerJob[]): Promise<({ written: boolean } | null)[]> {
  const plans = jobs.map((j) => (j.state.prediction ? planPlayer(store.tableName, j.score, j.state, j.ctx) : null));
  const items = plans.flatMap((p) => p?.items ?? []);
  if (items.length > 0) {
    try {
      await store.transact(items, plans.reduce((n, p) => n + (p?.wcuEstimate ?? 0), 0));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const settled: ({ written: boolean } | null)[] = [];
      for (const j of jobs) settled.push(await scorePlayer(store, j.score, undefined, j.ctx));
      return settled;
    }
  }
  return jobs.map((j, i) => (j.state.prediction ? { written: plans[i]?.writesStanding ?? false } : null));
}

async function readPlayer(store: Store, score: PredictionScore, seasonIds: string[]): Promise<PlayerState> {
  const [prediction, ...standings] = await Promise.all([
    store.get(score.key),
    ...seasonIds.map((id) => store.get(standingKey(score.userId, id))),
  ]);
  return { prediction, standings: new Map(seasonIds.map((id, i) => [id, standings[i]])) };
}
