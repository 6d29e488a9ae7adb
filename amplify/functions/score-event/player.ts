/**
 * One player's part of a final scoring pass: their prediction's score and their standing in every
 * season that contains the event, written together in one transaction so that each standing's totals
 * are always the sum of the player's scored predictions of that season, whatever point a run stops at.
 * Every standing write raises its `rev` by one, on the condition of the totals and revision it was
 * computed from: the season boards keep, for each player, the row of the highest revision they saw.
 */
import type { TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { storedScores } from '@pickem/domain/entities/stored-answers';
import { STANDING, changedTrophies, type Trophies } from '@pickem/domain/entities/standing';
import type { AwardName } from '@pickem/domain/awards';
import type { StreakPart } from '@pickem/domain/streaks';
import { TABLE } from '@pickem/domain/entities/table';
import type { Item } from './attributes.ts';
import { transactionalWriteUnits } from './capacity.ts';
import { setUpdate } from './expressions.ts';
import { standingKey } from './standings.ts';
import { isConditionFailure, type Key, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** What this run gives a prediction: its score and its competition rank in the event. */
export interface PredictionScore {
  userId: string;
  key: Key;
  points: number;
  correct: number;
  rank: number;
  /** What each match earned, and the perfect-card bonus (domain/points.ts). */
  scores: { matchId: string; points: number }[];
  cardBonus: number;
  /** What each question with an answer earned (domain/questions.ts). */
  questionScores: { questionId: string; points: number }[];
  /** What the prediction won (domain/awards.ts) and adds to a streak (domain/streaks.ts). */
  awards: AwardName[];
  streak: StreakPart;
  bellMs: number;
}

export interface PlayerState {
  prediction: Item | undefined;
  /** The player's standing in each season of the event, by season id (undefined: none yet). */
  standings: Map<string, Item | undefined>;
}

export interface PlayerContext {
  displayName: string;
  /** The event's seasons. */
  seasons: string[];
}

/** A standing as this run wrote it, or read it when it had nothing to write: a season board's row. */
export interface StandingRow {
  displayName: string;
  points: number;
  correct: number;
  eventsPlayed: number;
  rev: number;
}

/** A player brought to their score: their standings as they now are, and whether one was written. */
export interface Settled {
  standings: Map<string, StandingRow>;
  wroteStanding: boolean;
  /** The player's figures in this event (what a league's belt counts). */
  event?: { points: number; correct: number; displayName: string };
}

/** The standings the players settled in one season, by user id (a season board's and a league table's figures). */
export function seasonFigures(settled: Map<string, Settled>, seasonId: string): Map<string, StandingRow> {
  const figures = new Map<string, StandingRow>();
  for (const [userId, s] of settled) {
    const row = s.standings.get(seasonId);
    if (row) figures.set(userId, row);
  }
  return figures;
}

const scored = (p: Item) => typeof p.points === 'number';

/** A standing's totals once this prediction's old score is replaced by its new one; null when they do not add up (reads from before and after another run's write). */
export function projectedTotals(
  prediction: Item | undefined,
  standing: Item | undefined,
  score: { points: number; correct: number },
) {
  const p = prediction ?? {};
  const s = standing;
  if (scored(p) && !s) return null;
  const points = ((s?.points as number) ?? 0) - (scored(p) ? (p.points as number) : 0) + score.points;
  const correct = ((s?.correct as number) ?? 0) - (scored(p) ? (p.correct as number) : 0) + score.correct;
  const eventsPlayed = ((s?.eventsPlayed as number) ?? 0) + (scored(p) ? 0 : 1);
  // Points may be negative (lost jokers); correct picks and events played may not.
  if (correct < 0 || eventsPlayed < 1) return null;
  return { points, correct, eventsPlayed };
}

/** The writes that bring the player to `score` (none: `items` empty), or 'stale' when the reads do not add up. */
export interface Plan {
  items: TransactWriteItem[];
  wcuEstimate: number;
  settled: Settled;
}

const rowOf = (standing: Item): StandingRow => ({
  displayName: standing.displayName as string,
  points: standing.points as number,
  correct: standing.correct as number,
  eventsPlayed: standing.eventsPlayed as number,
  rev: (standing.rev as number | undefined) ?? 0,
});

/**
 * When the prediction's points or correct change, its standings' totals change with it: every item
 * is written together. Otherwise the totals stay and only what differs is written (the event rank,
 * a display name), each item on the condition of the figures it was computed from.
 */
export function planPlayer(
  tableName: string,
  score: PredictionScore,
  state: PlayerState,
  ctx: PlayerContext,
): Plan | 'stale' {
  const prediction = state.prediction!;
  const predictionSet = {
    points: score.points,
    correct: score.correct,
    rank: score.rank,
    displayName: ctx.displayName,
    scores: score.scores,
    cardBonus: score.cardBonus,
    questionScores: storedScores(score.questionScores),
    awards: score.awards,
    streak: score.streak,
    bellMs: score.bellMs,
  };
  const awardsBefore = scored(prediction) ? ((prediction.awards as AwardName[] | undefined) ?? []) : [];
  const awardsKept = awardsBefore.join() === score.awards.join();
  const scoreKept = scored(prediction) && prediction.points === score.points && prediction.correct === score.correct;
  const detailKept =
    JSON.stringify(prediction.scores ?? null) === JSON.stringify(score.scores) &&
    prediction.cardBonus === score.cardBonus &&
    (prediction.questionScores ?? '') === predictionSet.questionScores &&
    awardsKept &&
    JSON.stringify(prediction.streak ?? null) === JSON.stringify(score.streak) &&
    prediction.bellMs === score.bellMs;
  const writePrediction = !(
    scoreKept &&
    detailKept &&
    prediction.rank === score.rank &&
    prediction.displayName === ctx.displayName
  );

  const items: TransactWriteItem[] = [];
  const standings = new Map<string, StandingRow>();
  let wcuEstimate = 0;
  let wroteStanding = false;
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
  for (const seasonId of ctx.seasons) {
    const standing = state.standings.get(seasonId);
    const totals = projectedTotals(prediction, standing, score);
    if (totals === null) return 'stale';
    // The trophies live on the calendar year's standing (ctx.seasons[0]), changed with the awards.
    const trophies =
      seasonId === ctx.seasons[0] && !awardsKept
        ? changedTrophies(standing?.trophies as Trophies | undefined, awardsBefore, score.awards)
        : null;
    if (scoreKept && trophies === null && standing && standing.displayName === ctx.displayName) {
      standings.set(seasonId, rowOf(standing));
      continue;
    }
    const rev = ((standing?.rev as number | undefined) ?? 0) + 1;
    const standingSet = STANDING.attributes(seasonId, score.userId, ctx.displayName, totals, rev);
    if (standingSet === null) throw new Error(`Season ${seasonId} does not fit a standing's key`);
    if (trophies !== null) Object.assign(standingSet, { trophies });
    wroteStanding = true;
    items.push({
      Update: setUpdate(tableName, standingKey(score.userId, seasonId), standingSet, (e) => {
        if (!standing) return `attribute_not_exists(${e.name(TABLE.pk)})`;
        const totalsHeld = e.equalAll({
          points: standing.points,
          correct: standing.correct,
          eventsPlayed: standing.eventsPlayed,
        });
        return standing.rev === undefined
          ? `${totalsHeld} AND attribute_not_exists(${e.name('rev')})`
          : `${totalsHeld} AND ${e.equalAll({ rev: standing.rev })}`;
      }),
    });
    wcuEstimate += transactionalWriteUnits(standing, standingSet);
    standings.set(seasonId, { displayName: ctx.displayName, ...totals, rev });
  }
  const event = { points: score.points, correct: score.correct, displayName: ctx.displayName };
  return { items, wcuEstimate, settled: { standings, wroteStanding, event } };
}

/**
 * Brings one player to `score`. A failed condition means another run changed the prediction or a
 * standing since they were read: read them again (strongly consistent) and recompute.
 * Null if the prediction is gone.
 */
export async function scorePlayer(
  store: Store,
  score: PredictionScore,
  initial: PlayerState | undefined,
  ctx: PlayerContext,
): Promise<Settled | null> {
  let state = initial;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0 || !state) state = await readPlayer(store, score, ctx.seasons);
    if (!state.prediction) return null;
    const plan = planPlayer(store.tableName, score, state, ctx);
    if (plan === 'stale') continue;
    if (plan.items.length === 0) return plan.settled;
    try {
      await store.transact(plan.items, plan.wcuEstimate);
      return plan.settled;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(
    `Could not score ${score.userId}'s prediction after ${MAX_ATTEMPTS} attempts: it keeps changing under another run`,
  );
}

export interface PlayerJob {
  score: PredictionScore;
  state: PlayerState;
  ctx: PlayerContext;
}

/**
 * Several players in one transaction (each player's items stay atomic, and so does the lot): far
 * fewer requests than one transaction per player. If any condition fails, or a player's reads do not
 * add up, the players are settled one by one from fresh reads.
 */
export async function scorePlayers(store: Store, jobs: PlayerJob[]): Promise<(Settled | null)[]> {
  const plans = jobs.map((j) => (j.state.prediction ? planPlayer(store.tableName, j.score, j.state, j.ctx) : null));
  const settleEach = async () => {
    const settled: (Settled | null)[] = [];
    for (const j of jobs) settled.push(await scorePlayer(store, j.score, undefined, j.ctx));
    return settled;
  };
  if (plans.some((p) => p === 'stale')) return settleEach();
  const ready = plans as (Plan | null)[];
  const items = ready.flatMap((p) => p?.items ?? []);
  if (items.length > 0) {
    try {
      await store.transact(
        items,
        ready.reduce((n, p) => n + (p?.wcuEstimate ?? 0), 0),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return settleEach();
    }
  }
  return ready.map((p) => p?.settled ?? null);
}

async function readPlayer(store: Store, score: PredictionScore, seasonIds: string[]): Promise<PlayerState> {
  const [prediction, ...standings] = await Promise.all([
    store.get(score.key),
    ...seasonIds.map((id) => store.get(standingKey(score.userId, id))),
  ]);
  return { prediction, standings: new Map(seasonIds.map((id, i) => [id, standings[i]])) };
}
