/**
 * What the scoring function (amplify/functions/score-event/) answers the scoreEvent resolver. Free of
 * `@aws-appsync/utils`, so both sides share it.
 */
import type { ScoringReport } from './schema-types';

/**
 * What the scoring function is invoked with. `provisional`: a live pass while the event is BROADCAST,
 * with the results entered so far (matches without a result score nothing), leaving the state as it
 * is; without it, the final pass that needs every result and sets the event SCORED.
 */
export interface ScoringRequest {
  eventId: string;
  provisional?: boolean;
}

/** Not part of the GraphQL report: what the run cost. */
export interface ScoringStats {
  writes: number;
  /** WCU as reported by the endpoint (ReturnConsumedCapacity). */
  wcu: number;
  /** WCU with transactions estimated from item sizes (DynamoDB Local under-reports them). */
  wcuEstimate: number;
  rcu: number;
}

/** A report, or an expected failure (NotFound, InvalidStateTransition, ResultsMissing) to raise with its type. */
export type ScoringOutcome =
  | { report: ScoringReport; stats: ScoringStats; error?: undefined }
  | { error: { type: string; message: string } };
