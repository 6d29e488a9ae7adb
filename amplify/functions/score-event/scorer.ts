/**
 * Scores an event: every prediction's points, correct picks and leaderboard rank, every player's
 * season standing, then the event's state SCORED. Safe to run again at any time, including after a
 * run that stopped part-way or after a result was corrected (see player.ts for why).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ERROR } from '../../../resolvers/lib/error-types.ts';
import { EVENT, toEvent, type EventItem } from '../../../resolvers/lib/entities/event.ts';
import { PREDICTION } from '../../../resolvers/lib/entities/prediction.ts';
import { PROFILE } from '../../../resolvers/lib/entities/profile.ts';
import { STANDING } from '../../../resolvers/lib/entities/standing.ts';
import { keyOf, type ItemKey } from '../../../resolvers/lib/entities/table.ts';
import { MAX_TRANSACT_ITEMS } from '../../../resolvers/lib/limits.ts';
import type { ScoringOutcome } from '../../../resolvers/lib/scoring.ts';
import { SCORABLE_STATES, cardFingerprint, readCard, scoreOnCard, type Card } from './card.ts';
import { coversPrediction, scorePlayers, projectedTotals, type PlayerJob, type PredictionScore } from './player.ts';
import { forEachBounded } from './pool.ts';
import { competitionRanks } from './ranks.ts';
import { rankSeason, seasonStandings, standingKey, type SeasonScore } from './standings.ts';
import { eventSeasons } from './seasons.ts';
import { setUpdate } from './expressions.ts';
import { createStore, isConditionFailure, keyId, type Store } from './store.ts';
import type { Item } from './attributes.ts';

export interface ScorerOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Called with 0 before the first write, then after every write with the number done so far. */
  afterWrite?: (writes: number) => void;
  /**
   * Writes (and batched reads) in flight at once; default 4. DynamoDB Local serves 100-item
   * transactions fastest with few in flight (docs/benchmarks.md).
   */
  concurrency?: number;
  /** Players written by one TransactWriteItems (a prediction and a standing per season each, at most 100 items); default and most 50, fewer when the event is in several seasons. */
  playersPerTransaction?: number;
}

/** At least two items a player: the prediction and a standing per season of the event (one or more). */
const MAX_PLAYERS_PER_TRANSACTION = MAX_TRANSACT_ITEMS / 2;

export function createScorer(opts: ScorerOptions) {
  const concurrency = opts.concurrency ?? 4;
  // Zero would run no task at all and report success having scored nothing.
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number of at least 1; got ${concurrency}`);
  return {
    /**
     * The final pass (every match must have a result; the event ends SCORED), or with `provisional`
     * a live pass of a BROADCAST event over the results entered so far (the state stays). Either way,
     * once its writes are done the pass reads the card again and starts over if a result changed
     * meanwhile, so the last pass to finish has scored the latest results.
     */
    async scoreEvent(eventId: string, mode: { provisional?: boolean } = {}): Promise<ScoringOutcome> {
      const provisional = mode.provisional === true;
      const perTransaction = opts.playersPerTransaction ?? MAX_PLAYERS_PER_TRANSACTION;
      if (!(perTransaction >= 1 && perTransaction <= MAX_PLAYERS_PER_TRANSACTION)) {
        throw new Error(`playersPerTransaction must be 1 to ${MAX_PLAYERS_PER_TRANSACTION}`);
      }
      const store = createStore({ client: opts.client, tableName: opts.tableName, concurrency, afterWrite: opts.afterWrite });
      // A live pass starts only on a BROADCAST event; once started it follows the card wherever it goes.
      let checked = await readCard(store, eventId, { states: provisional ? ['BROADCAST'] : SCORABLE_STATES, allResults: !provisional });
      if (!checked.ok) return { error: { type: checked.type, message: checked.message } };
      const seasons = await eventSeasons(store, checked.event);
      const rankSeasons = async (participants: Set<string>) => {
        const written = new Set<string>();
        for (const seasonId of seasons) for (const u of await rankSeason(store, seasonId, participants)) written.add(u);
        return written;
      };
      const scored = new Set<string>();
      const standingsWritten = new Set<string>();
      store.startWrites();
      for (let pass = 0; ; pass++) {
        if (pass === MAX_PASSES) throw new Error(`The results of event ${eventId} kept changing during ${MAX_PASSES} scoring passes`);
        const done = await writeScores(store, checked.event, seasons, checked.card, perTransaction);
        for (const u of done.scored) scored.add(u);
        for (const u of done.standingsWritten) standingsWritten.add(u);
        const again = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: !provisional });
        if (!again.ok) {
          await rankSeasons(scored);
          return { error: { type: again.type, message: again.message } };
        }
        const changed = cardFingerprint(again.card) !== cardFingerprint(checked.card);
        checked = again;
        if (!changed) break;
      }
      // Ranked once, on the totals of the card that held: a pass over a card that changed meanwhile
      // is superseded by the next one, so ranking its totals would be work thrown away.
      for (const u of await rankSeasons(scored)) standingsWritten.add(u);
      const finalEvent = provisional ? checked.event : await markScored(store, checked.event);
      if (!finalEvent) {
        return { error: { type: ERROR.invalidState, message: `Event ${eventId} left BROADCAST/SCORED while it was being scored` } };
      }
      return {
        report: { event: toEvent(finalEvent), predictionsScored: scored.size, standingsUpdated: standingsWritten.size },
        stats: { writes: store.meter.writes, wcu: store.meter.wcu, wcuEstimate: store.meter.wcuEstimate, rcu: store.meter.rcu },
      };
    },
  };
}

const MAX_PASSES = 5;

/**
 * Every prediction of the event scored on `card`, each player's prediction and standings (one per
 * season of the event) written together (the seasons are re-ranked by the caller). Returns the
 * players scored and those with a standing written.
 */
async function writeScores(store: Store, event: EventItem, seasons: string[], card: Card, perTransaction: number) {
  const eventId = event.id;
  const predictions = await store.query(PREDICTION.all(eventId));
  const scores = scorePredictions(predictions, card);

  // Display names from the profiles (strongly consistent). Each season's standings come from its
  // index partition, read once for the season ranks too: the index may lag behind the table, but a
  // standing read stale fails its write's condition and the player is settled from fresh reads.
  const userIds = scores.map((s) => s.userId);
  const profiles = await store.batchGet(userIds.map((u) => PROFILE.key(u)));
  const byUser = new Map(predictions.map((p) => [p.userId as string, p]));
  const bySeason = new Map<string, Map<string, Item>>();
  const seasonRanks = new Map<string, Map<string, number>>();
  for (const seasonId of seasons) {
    const standings = await seasonStandings(store, seasonId);
    // A standing that holds less than its own prediction's score was read stale: read it again.
    const stale = userIds.filter((u) => !coversPrediction(byUser.get(u), standings.get(u)));
    for (const item of (await store.batchGet(stale.map((u) => standingKey(u, seasonId)))).values()) standings.set(item.userId as string, item);
    bySeason.set(seasonId, standings);

    // Season ranks as they will be once every player is written; checked again at the end.
    const listed = new Map<string, SeasonScore>();
    for (const [userId, item] of standings) listed.set(userId, { userId, points: item.points as number, correct: item.correct as number });
    for (const s of scores) {
      const totals = projectedTotals(byUser.get(s.userId), standings.get(s.userId), s);
      // Refused before any write; planPlayer checks again against what it reads then.
      if (STANDING.gsiSk(totals.points, totals.correct, s.userId) === null) {
        throw new Error(`Season ${seasonId} standing of ${s.userId} (${totals.points} points, ${totals.correct} correct) would not fit its sort key`);
      }
      listed.set(s.userId, { userId: s.userId, points: totals.points, correct: totals.correct });
    }
    seasonRanks.set(seasonId, competitionRanks([...listed.values()]));
  }
  const stateOf = (u: string) => ({ prediction: byUser.get(u), standings: new Map(seasons.map((id) => [id, bySeason.get(id)!.get(u)])) });

  const scored = new Set<string>();
  const standingsWritten = new Set<string>();
  const jobs: PlayerJob[] = scores.map((score) => {
    const profile = profiles.get(keyId(PROFILE.key(score.userId)));
    const displayName = (profile?.displayName as string | undefined) ?? (byUser.get(score.userId)!.displayName as string);
    const ranked = seasons.map((id) => ({ id, rank: seasonRanks.get(id)!.get(score.userId)! }));
    return { score, state: stateOf(score.userId), ctx: { displayName, seasons: ranked } };
  });
  // Each player's items share one transaction of at most MAX_TRANSACT_ITEMS.
  const players = Math.min(perTransaction, Math.floor(MAX_TRANSACT_ITEMS / (1 + seasons.length)));
  await forEachBounded(chunk(jobs, players), store.concurrency, async (batch) => {
    const done = await scorePlayers(store, batch);
    batch.forEach((job, i) => {
      if (!done[i]) return;
      scored.add(job.score.userId);
      if (done[i].written) standingsWritten.add(job.score.userId);
    });
  });

  return { scored, standingsWritten };
}

/** Each prediction's score and its competition rank within the event. */
function scorePredictions(predictions: Item[], card: Card): PredictionScore[] {
  const raw = predictions.map((p) => ({
    userId: p.userId as string,
    key: keyOf(p as unknown as ItemKey),
    ...scoreOnCard(p.picks as never, card),
  }));
  const ranks = competitionRanks(raw);
  return raw.map((r) => {
    const rank = ranks.get(r.userId)!;
    const set = PREDICTION.scored(r.userId, { points: r.points, correct: r.correct, rank });
    if (set === null) throw new Error(`Prediction of ${r.userId} (${r.points} points, ${r.correct} correct) does not fit its sort key`);
    return { ...r, rank, set };
  });
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Sets the event SCORED (no write when it already is); null if its state changed meanwhile. */
async function markScored(store: ReturnType<typeof createStore>, event: EventItem): Promise<EventItem | null> {
  const key = EVENT.key(event.id);
  if (event.state === 'SCORED') {
    const current = (await store.get(key)) as EventItem | undefined;
    return current?.state === 'SCORED' ? current : null;
  }
  const update = setUpdate(store.tableName, key, { state: 'SCORED' }, (e) => `${e.name('state')} IN (${e.value('BROADCAST')}, ${e.value('SCORED')})`);
  try {
    return (await store.update({ ...update, ReturnValues: 'ALL_NEW' })) as unknown as EventItem;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}
