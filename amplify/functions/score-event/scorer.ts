/**
 * Scores an event. A live pass (provisional, while BROADCAST) rebuilds the event's board from the
 * results entered so far and writes nothing per player. The final pass writes every player's
 * prediction (points, correct, event rank) and season standings, then the event's board (final),
 * each season's board and its leagues' tables, then sets the event SCORED. Both are safe to run again at any time, including
 * after a run that stopped part-way or after a result was corrected (docs/scoring.md says why).
 *
 * This is the entry and its options; the passes are live-pass.ts and final-pass.ts, on what both
 * read of the card (card.ts).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { toEvent } from '@pickem/domain/entities/event';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import type { ScoringOutcome } from '@pickem/domain/scoring';
import type { PublishMessage } from './belt.ts';
import type { CardRevision } from './board.ts';
import { finalPass } from './final-pass.ts';
import { livePass } from './live-pass.ts';
import { createStore } from './store.ts';

export interface ScorerOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Called with 0 before the first write, then after every write request with the number done so far. */
  afterWrite?: (writes: number) => void;
  /**
   * Writes (and batched reads) in flight at once; default 4. DynamoDB Local serves 100-item
   * transactions fastest with few in flight (docs/benchmarks.md).
   */
  concurrency?: number;
  /** Players written by one TransactWriteItems (a prediction and a standing per season each, at most 100 items); default and most 50, fewer when the event is in several seasons. */
  playersPerTransaction?: number;
  /**
   * A final pass stops starting transaction batches once this many milliseconds have passed since it
   * started, and answers a report with `finished: false` (running it again finishes: twice = once).
   * Default: none. scoreEvent's own `deadlineMs` overrides it.
   */
  deadlineMs?: number;
  /** The clock the deadline is read on (tests); default Date.now. */
  now?: () => number;
  /** Tests: runs after a final pass's last read of the card, just before it marks the event SCORED (a result entered here races the mark). */
  beforeMark?: () => Promise<void>;
  /** Sends each league's SYSTEM message live once written (belt.ts; the handler's); default none. */
  publishMessage?: PublishMessage;
}

/** At least two items a player: the prediction and a standing per season of the event (one or more). */
const MAX_PLAYERS_PER_TRANSACTION = MAX_TRANSACT_ITEMS / 2;

export interface ScoreMode {
  provisional?: boolean;
  /**
   * A live pass hands here its sweep of the board's old chunk sets instead of running it, so that the
   * caller publishes the leaderboard first (the handler's); default: swept before scoreEvent returns.
   */
  deferSweep?: CardRevision['deferSweep'];
  /** As ScorerOptions.deadlineMs, for this call. */
  deadlineMs?: number;
}

export function createScorer(opts: ScorerOptions) {
  const concurrency = opts.concurrency ?? 4;
  // Zero would run no task at all and report success having scored nothing.
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`concurrency must be a whole number of at least 1; got ${concurrency}`);
  return {
    /**
     * The final pass (every match must have a result; the event ends SCORED), or with `provisional`
     * a live pass of a BROADCAST event over the results entered so far (the state stays). The final
     * pass, once its writes are done, reads the card again and starts over if a result changed
     * meanwhile. A live pass that meets a newer card revision (a newer result) stands down and
     * answers `superseded`: the newer result's pass scores it.
     */
    async scoreEvent(eventId: string, mode: ScoreMode = {}): Promise<ScoringOutcome> {
      const now = opts.now ?? Date.now;
      const startedAt = now();
      const perTransaction = opts.playersPerTransaction ?? MAX_PLAYERS_PER_TRANSACTION;
      if (!(perTransaction >= 1 && perTransaction <= MAX_PLAYERS_PER_TRANSACTION)) {
        throw new Error(`playersPerTransaction must be 1 to ${MAX_PLAYERS_PER_TRANSACTION}`);
      }
      const deadlineMs = mode.deadlineMs ?? opts.deadlineMs;
      const deadline = deadlineMs === undefined ? Number.POSITIVE_INFINITY : startedAt + deadlineMs;
      const store = createStore({
        client: opts.client,
        tableName: opts.tableName,
        concurrency,
        afterWrite: opts.afterWrite,
      });
      const stats = () => ({
        writes: store.meter.writes,
        items: store.meter.items,
        wcu: store.meter.wcu,
        wcuEstimate: store.meter.wcuEstimate,
        rcu: store.meter.rcu,
      });
      if (mode.provisional === true) {
        const out = await livePass(store, eventId, mode.deferSweep);
        if ('error' in out) return { error: out.error };
        const report = {
          event: toEvent(out.event),
          predictionsScored: out.players,
          standingsUpdated: 0,
          finished: true,
          cardChanges: 0,
        };
        return out.superseded ? { report, stats: stats(), superseded: true } : { report, stats: stats() };
      }
      const out = await finalPass(
        store,
        eventId,
        perTransaction,
        () => now() >= deadline,
        opts.beforeMark,
        opts.publishMessage,
      );
      if ('error' in out) return { error: out.error };
      return {
        report: {
          event: toEvent(out.event),
          predictionsScored: out.scored,
          standingsUpdated: out.standingsWritten,
          finished: out.finished,
          cardChanges: out.cardChanges,
        },
        stats: stats(),
      };
    },
  };
}
