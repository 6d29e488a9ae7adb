/**
 * Lambda behind the `scoreEvent` mutation and the live work of setMatchResult and updateEvent (an
 * AppSync Lambda data source; the payload is a ScoringRequest, domain/scoring.ts). It runs the
 * scoring pass asked for and publishes the live updates asked for (announce.ts), and the final pass
 * sends each league's SYSTEM message live through it (belt.ts). Expected scoring
 * failures come back as `{ error: { type, message } }` for the resolver to raise; anything else
 * throws. The table is TABLE_NAME; the SDK takes its endpoint from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable when set (the local runtime points it at DynamoDB Local).
 *
 * A failed publish never stops the pass: every update is attempted, then, if one failed, an
 * asynchronous invocation (`async`, whose answer is discarded) throws so that Lambda retries it
 * (scoring twice = once, and each update is read fresh again), and a synchronous one (scoreEvent)
 * returns its report with `announceError` for the resolver to show next to it.
 *
 * Except once a RESULT update is out: a retry would send it again. An asynchronous invocation that
 * has published its RESULT never throws: it runs its pass again itself when the pass throws (twice,
 * as Lambda would retry it), and logs what still failed (the next result's pass, or scoreEvent,
 * rebuilds the board). A live pass that stood down for a newer result (`superseded`) is a success
 * and publishes no LEADERBOARD: the newer result's pass publishes it.
 *
 * A synchronous FINAL pass has a deadline (`deadlineMs`, default SYNC_DEADLINE_MS): past it, the pass
 * answers `finished: false` and announces nothing; the scoreEvent resolver then invokes the function
 * again asynchronously, and that run (no deadline) finishes and announces.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ERROR } from '@pickem/domain/error-types';
import type { Announce, ScoringOutcome, ScoringPass, ScoringRequest } from '@pickem/domain/scoring';
import type { EventUpdateInput } from '@pickem/domain/schema-types';
import type { MessageItem } from '@pickem/domain/entities/chat';
import { createAnnouncer, publish, publishMessage } from './announce.ts';
import { createScorer } from './scorer.ts';

let cached: { endpoint: string | undefined; client: DynamoDBClient } | undefined;

function client(): DynamoDBClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_ENDPOINT_URL;
  if (!cached || cached.endpoint !== endpoint) cached = { endpoint, client: new DynamoDBClient({}) };
  return cached.client;
}

const PASSES: ScoringPass[] = ['FINAL', 'PROVISIONAL', 'NONE'];
const USAGE =
  'The payload must be { eventId: string, pass?: FINAL | PROVISIONAL | NONE, announce?: { resultOf?: string, state?: boolean, leaderboard?: boolean }, async?: boolean, deadlineMs?: number }';

/**
 * A synchronous final pass (scoreEvent's) stops starting transaction batches after this long, so that
 * it answers within AppSync's 30 s with time to spare for its last batches, the answer and the
 * resolver; the resolver then invokes the function asynchronously to finish.
 */
export const SYNC_DEADLINE_MS = 20_000;

/** Delays before an asynchronous invocation that has published its RESULT runs a thrown pass again. */
export const PASS_RETRY_DELAYS_MS = [100, 1000];

/** The payload as a ScoringRequest, or a thrown Error saying what is wrong with it. */
function scoringRequest(event: { [K in keyof ScoringRequest]?: unknown } | null | undefined): Required<
  Omit<ScoringRequest, 'announce' | 'deadlineMs'>
> & {
  announce: Announce | null;
  deadlineMs: number | undefined;
} {
  const fail = (what: string): never => {
    throw new Error(`${what}. ${USAGE}`);
  };
  if (typeof event?.eventId !== 'string' || event.eventId === '') fail('eventId must be a non-empty string');
  const pass = event!.pass ?? 'FINAL';
  if (!PASSES.includes(pass as ScoringPass)) fail(`pass ${JSON.stringify(pass)} is not one of ${PASSES.join(', ')}`);
  if (event!.async !== undefined && typeof event!.async !== 'boolean') fail('async must be a boolean');
  const deadlineMs = event!.deadlineMs;
  if (deadlineMs !== undefined && !(typeof deadlineMs === 'number' && Number.isFinite(deadlineMs) && deadlineMs >= 0))
    fail('deadlineMs must be a number of milliseconds');
  const announce = (event!.announce ?? null) as Record<string, unknown> | null;
  if (announce !== null) {
    if (typeof announce !== 'object') fail('announce must be an object');
    if (announce.resultOf !== undefined && (typeof announce.resultOf !== 'string' || announce.resultOf === ''))
      fail('announce.resultOf must be a match id');
    if (announce.state !== undefined && typeof announce.state !== 'boolean') fail('announce.state must be a boolean');
    if (announce.leaderboard !== undefined && typeof announce.leaderboard !== 'boolean')
      fail('announce.leaderboard must be a boolean');
  }
  const async = event!.async === true;
  return {
    eventId: event!.eventId as string,
    pass: pass as ScoringPass,
    announce: announce as Announce | null,
    async,
    deadlineMs: (deadlineMs as number | undefined) ?? (async ? undefined : SYNC_DEADLINE_MS),
  };
}

export async function handler(event: { [K in keyof ScoringRequest]?: unknown }): Promise<ScoringOutcome | null> {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  const request = scoringRequest(event);
  const { eventId, pass, announce } = request;
  const db = client();
  const announcer = createAnnouncer({ client: db, tableName });

  const failures: string[] = [];
  let resultPublished = false;
  const attempt = async (kind: string, build: () => Promise<EventUpdateInput | null>) => {
    try {
      const update = await build();
      if (update) {
        await publish(update);
        if (kind === 'RESULT') resultPublished = true;
      } else
        console.warn(
          `score-event: no ${kind} update of event ${eventId}: the event, the match or the board is not there`,
        );
    } catch (err) {
      console.error(`score-event: the ${kind} update of event ${eventId} was not published:`, err);
      failures.push(`${kind}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  // A league's SYSTEM message, sent by the final pass once written (belt.ts): a failure is reported like an update's.
  const sendMessage = async (message: MessageItem) => {
    try {
      await publishMessage(message);
      return true;
    } catch (err) {
      console.error(`score-event: the SYSTEM message of league ${message.leagueId} was not published:`, err);
      failures.push(
        `SYSTEM message of league ${message.leagueId}: ${err instanceof Error ? err.message : String(err)}`,
      );
      return false;
    }
  };

  if (announce?.resultOf) await attempt('RESULT', () => announcer.result(eventId, announce.resultOf!));
  if (announce?.state) await attempt('STATE', () => announcer.state(eventId));
  // Once its RESULT is out, an asynchronous invocation must not throw (Lambda's retry would send it again): it retries its pass itself.
  const keepsGoing = request.async && resultPublished;
  // A live pass's deletion of the board's old chunks waits until its leaderboard is out (below).
  const sweeps: (() => Promise<void>)[] = [];
  const runPass = () =>
    createScorer({ client: db, tableName, publishMessage: sendMessage }).scoreEvent(eventId, {
      provisional: pass === 'PROVISIONAL',
      deadlineMs: request.deadlineMs,
      deferSweep: (sweep) => sweeps.push(sweep),
    });
  let outcome: ScoringOutcome | null = null;
  if (pass !== 'NONE') {
    for (let retry = 0; ; retry++) {
      try {
        outcome = await runPass();
        break;
      } catch (err) {
        if (!keepsGoing) throw err;
        if (retry === PASS_RETRY_DELAYS_MS.length) {
          console.error(
            `score-event: the ${pass} pass of event ${eventId} failed ${retry + 1} times; its RESULT update is out, so it is not retried (the next pass or scoreEvent rebuilds the board):`,
            err,
          );
          return { error: { type: ERROR.scoringFailed, message: err instanceof Error ? err.message : String(err) } };
        }
        console.warn(`score-event: the ${pass} pass of event ${eventId} failed; running it again:`, err);
        await new Promise((r) => setTimeout(r, PASS_RETRY_DELAYS_MS[retry]));
      }
    }
  }
  if (outcome && !outcome.error && outcome.superseded)
    console.info(
      `score-event: the live pass of event ${eventId} was superseded by a newer result; that result's pass publishes the leaderboard`,
    );
  // An unfinished pass announces nothing: the run that finishes it publishes the LEADERBOARD and the SCORED state. Nor does a superseded one,
  // nor the live pass of a state change (going BROADCAST: a board on no result, which is not shown).
  const boardNews = pass === 'FINAL' || announce?.resultOf !== undefined || announce?.leaderboard === true;
  if (announce && boardNews && outcome && !outcome.error && outcome.report.finished && !outcome.superseded) {
    await attempt('LEADERBOARD', () => announcer.leaderboard(eventId));
    if (pass === 'FINAL') await attempt('STATE', () => announcer.state(eventId));
  }
  for (const sweep of sweeps) {
    try {
      await sweep();
    } catch (err) {
      // The sets stay until the next pass's sweep (board.ts): not worth a retry that would publish again.
      console.error(
        `score-event: old board chunks of event ${eventId} were not deleted; the next pass deletes them:`,
        err,
      );
    }
  }

  if (failures.length === 0) return outcome;
  const message = `Live updates of event ${eventId} were not published (subscribers missed them; what they announce is written): ${failures.join(' | ')}`;
  if (request.async && !keepsGoing) throw new Error(message);
  if (keepsGoing) console.error(`score-event: ${message}; not retried, its RESULT update is out`);
  return outcome && { ...outcome, announceError: { type: ERROR.publishFailed, message } };
}
