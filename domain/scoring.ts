/**
 * What the scoring function (amplify/functions/score-event/) answers the scoreEvent resolver. Free of
 * `@aws-appsync/utils`, so both sides share it.
 */
import type { ScoringReport } from './schema-types';

/**
 * The scoring pass a request runs. FINAL: scoreEvent's, which needs every result and sets the event
 * SCORED. PROVISIONAL: a live pass while the event is BROADCAST, with the results entered so far
 * (matches without a result score nothing), leaving the state as it is. NONE: no pass (only what
 * `announce` asks).
 */
export type ScoringPass = 'FINAL' | 'PROVISIONAL' | 'NONE';

/**
 * What to publish to onEventUpdate's subscribers (amplify/functions/score-event/announce.ts), each
 * update read fresh from the table: first a RESULT of `resultOf` (a match whose result was set or
 * cleared), then a STATE with `state` (the state changed), then, once the pass has finished, a
 * LEADERBOARD (a FINAL pass, or a pass after a result or with `leaderboard`) and a STATE (a FINAL
 * pass: SCORED).
 */
export interface Announce {
  resultOf?: string;
  state?: boolean;
  /** The board's order changed without a result (the tie-break answer): publish its LEADERBOARD too. */
  leaderboard?: boolean;
}

/** What the scoring function is invoked with. */
export interface ScoringRequest {
  eventId: string;
  /** Default FINAL. */
  pass?: ScoringPass;
  /** Absent: nothing is published (tests, benchmarks). */
  announce?: Announce;
  /**
   * Invoked asynchronously (invocationType Event), so the answer is discarded: a failed publish then
   * throws once the pass is done, for Lambda to retry (scoring twice = once), unless the RESULT update
   * went out (a retry would send it again: the pass is retried in the invocation, failures are
   * logged). Otherwise a failed publish comes back as `announceError` next to the report.
   */
  async?: boolean;
  /**
   * A FINAL pass stops between transaction batches once this many milliseconds have passed, and
   * answers `finished: false`. Default: 20,000 for a synchronous invocation (AppSync answers within
   * 30 s), none for an asynchronous one.
   */
  deadlineMs?: number;
}

/** Not part of the GraphQL report: what the run cost. */
export interface ScoringStats {
  /** Write requests (transactions, single writes, BatchWriteItem calls). */
  writes: number;
  /** Items written by them (a transaction's items, a batch's puts, a delete). */
  items: number;
  /** WCU as reported by the endpoint (ReturnConsumedCapacity). */
  wcu: number;
  /** WCU with transactions estimated from item sizes (DynamoDB Local under-reports them). */
  wcuEstimate: number;
  rcu: number;
}

/** A report, or an expected failure (NotFound, InvalidStateTransition, ResultsMissing) to raise with its type. */
export type ScoringOutcome =
  | {
      report: ScoringReport;
      stats: ScoringStats;
      /** A live pass that stood down for a newer result (a newer card revision): it publishes no LEADERBOARD. */
      superseded?: boolean;
      error?: undefined;
      announceError?: { type: string; message: string };
    }
  | {
      error: { type: string; message: string };
      superseded?: undefined;
      announceError?: { type: string; message: string };
    };
