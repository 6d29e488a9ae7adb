/**
 * The live broadcast as subscribers see it. For each league size N: a fresh local API, a BROADCAST event
 * with N predictions, and 1,000 subscriptions to its onEventUpdate (20 connections of 50: AppSync's
 * default quota is 100 a connection) held by protocol-level WebSocket clients (realtime-load.ts) in this
 * process. The event has 10 questions every prediction answers (bench/questions.ts; none with
 * `questions: false`). Results are entered one after another (winner team 0 of match 0, 1, ...), then
 * the answers of the first `answers` questions, each once the previous one's messages have all arrived
 * and its scoring pass has settled. For each:
 *   - delivery: from setMatchResult's HTTP response to each subscription's RESULT message (results only:
 *     an answer has none);
 *   - leaderboard lag: from the same response (setQuestionAnswer's) to each subscription's LEADERBOARD message.
 * Every subscription's message is a sample. Each message is checked: the RESULT names the match just
 * entered with its result; the LEADERBOARD has LIVE_LEADERBOARD_SIZE rows, highest first, the first
 * with the points of every result and answer so far (player 0 picks team 0 everywhere and answers
 * every question right, so it has them all and nobody has more). A missing, duplicate, unexpected or
 * wrong message, or any wait past its time limit, fails the run.
 *
 *   npx tsx bench/live.ts [--predictions 1000,10000] [--results 5] [--answers 1] [--connections 20]
 *     [--per-connection 50]
 * (starts its own in-memory DynamoDB Local, and stops it)
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { graphqlData, startDynamoDbLocal } from 'appsync-local';
import { onEventUpdate } from '@pickem/client/graphql/subscriptions';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { LIVE_LEADERBOARD_SIZE } from '@pickem/domain/live';
import { BOARD, type BoardHead, type EventRow } from '@pickem/domain/entities/board';
import { readRows } from '../amplify/functions/score-event/board.ts';
import { onItemsWritten } from '../amplify/functions/score-event/meter.ts';
import { createStore } from '../amplify/functions/score-event/store.ts';
import { BENCH_ADMIN, CARD_SIZE, benchPlayer, createCard, loadPlayers } from './fixture.ts';
import { EVERY_RULE_ON } from '../scripts/demo/rules.ts';
import { BENCH_QUESTIONS, rightAnswerPoints } from './questions.ts';
import { openSubscriptions, wallNow, type Arrival } from './realtime-load.ts';
import { startBenchTarget } from './target.ts';
import { stateDir } from '../project.ts';

export interface LiveBenchOptions {
  predictions: number;
  /** Every rule on (scripts/demo/rules.ts EVERY_RULE_ON; results entered with a finish). */
  rules?: boolean;
  /** The event's 10 questions answered by every prediction (default), or none. */
  questions?: boolean;
  results: number;
  /** Questions answered after the results (in BENCH_QUESTIONS order; none without questions). */
  answers: number;
  connections: number;
  subscriptionsPerConnection: number;
}

export interface LiveBenchRow {
  predictions: number;
  subscriptions: number;
  connections: number;
  results: number;
  answers: number;
  /** setMatchResult (setQuestionAnswer) request to response, p50 and max over the results and answers. */
  responseMsP50: number;
  responseMsMax: number;
  /** Response to each subscription's RESULT message (results × subscriptions samples). */
  deliveryMsP50: number;
  deliveryMsP99: number;
  deliveryMsMax: number;
  /** Response to each subscription's LEADERBOARD message. */
  lagMsP50: number;
  lagMsP99: number;
  lagMsMax: number;
  /**
   * The LEADERBOARD lag's p50 of each result, then each answer, in the order entered: the first
   * result's beside the later ones'.
   */
  lagMsP50ByResult: number[];
  /** Items the scoring passes wrote per result or answer (one provisional pass each), mean: counted by the scorer's store. */
  passWrites: number;
  /** Players whose live points changed per result or answer, mean: the event's board read before and after. */
  changedPlayers: number;
}

export const LIVE_DEFAULTS = { results: 5, answers: 1, connections: 20, subscriptionsPerConnection: 50 };

/** Setting up a connection or a subscription. */
const SETUP_TIMEOUT_MS = 15_000;
/** Every message of one result, scoring pass included (10,000 predictions take tens of seconds on a loaded machine). */
const RESULT_TIMEOUT_MS = 180_000;
/** Quiet time after the last expected message, for late duplicates to show up. */
const SETTLE_MS = 150;

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface EventUpdateData {
  eventId: string;
  kind: string;
  matchId: string | null;
  match: { id: string; result: number | null; outcome: string | null } | null;
  leaderboard: { points: number | null }[] | null;
}

/**
 * The messages of one result (matchId), or of one answer (no matchId: a LEADERBOARD alone), checked;
 * the delivery and lag samples.
 */
function checkResult(
  arrivals: Arrival[],
  unexpected: unknown[],
  ids: string[],
  expected: { eventId: string; matchId: string | null; topPoints: number; leaderboardSize: number },
) {
  const kindsExpected = expected.matchId === null ? (['LEADERBOARD'] as const) : (['RESULT', 'LEADERBOARD'] as const);
  const problems: string[] = unexpected.map((m) => `unexpected control message ${JSON.stringify(m).slice(0, 300)}`);
  const seen = new Map<string, { RESULT: Arrival[]; LEADERBOARD: Arrival[] }>(
    ids.map((id) => [id, { RESULT: [], LEADERBOARD: [] }]),
  );
  for (const a of arrivals) {
    const update = (a.message.payload?.data as { onEventUpdate?: EventUpdateData } | undefined)?.onEventUpdate;
    const kinds = seen.get(a.id);
    if (!kinds || a.message.payload?.errors || !update || (update.kind !== 'RESULT' && update.kind !== 'LEADERBOARD')) {
      problems.push(`unexpected message ${JSON.stringify(a.message).slice(0, 300)}`);
      continue;
    }
    kinds[update.kind].push(a);
    if (update.eventId !== expected.eventId) problems.push(`${a.id}: an update of event ${update.eventId}`);
    if (
      update.kind === 'RESULT' &&
      (update.matchId !== expected.matchId ||
        update.match?.id !== expected.matchId ||
        update.match.result !== 0 ||
        update.match.outcome !== 'WIN')
    ) {
      problems.push(
        `${a.id}: RESULT ${JSON.stringify({ matchId: update.matchId, match: update.match })}, expected match ${expected.matchId} won by team 0`,
      );
    }
    if (update.kind === 'LEADERBOARD') {
      const points = (update.leaderboard ?? []).map((p) => p.points ?? -1);
      const ordered = points.every((p, i) => i === 0 || p <= points[i - 1]);
      if (points.length !== expected.leaderboardSize || points[0] !== expected.topPoints || !ordered) {
        problems.push(
          `${a.id}: LEADERBOARD points ${JSON.stringify(points)}, expected ${expected.leaderboardSize} rows from ${expected.topPoints} down`,
        );
      }
    }
  }
  const delivery: number[] = [];
  const lag: number[] = [];
  const missing = { RESULT: 0, LEADERBOARD: 0 };
  const duplicate = { RESULT: 0, LEADERBOARD: 0 };
  for (const [id, kinds] of seen) {
    for (const kind of kindsExpected) if (kinds[kind].length === 0) missing[kind] += 1;
    for (const kind of ['RESULT', 'LEADERBOARD'] as const)
      if (kinds[kind].length > 1) duplicate[kind] += kinds[kind].length - 1;
    if (kinds.RESULT.length === 1 && kinds.LEADERBOARD.length === 1 && kinds.RESULT[0].at > kinds.LEADERBOARD[0].at)
      problems.push(`${id}: LEADERBOARD before RESULT`);
    if (kinds.RESULT[0]) delivery.push(kinds.RESULT[0].at);
    if (kinds.LEADERBOARD[0]) lag.push(kinds.LEADERBOARD[0].at);
  }
  for (const kind of ['RESULT', 'LEADERBOARD'] as const) {
    if (missing[kind]) problems.push(`${missing[kind]} subscriptions missed the ${kind}`);
    if (duplicate[kind]) problems.push(`${duplicate[kind]} duplicate ${kind} messages`);
  }
  if (problems.length > 0)
    throw new Error(
      `${expected.matchId ?? 'answer'}: ${problems.length} problems:\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  return { delivery, lag };
}

export async function benchLive(dynamoEndpoint: string, opts: LiveBenchOptions): Promise<LiveBenchRow> {
  const target = await startBenchTarget(dynamoEndpoint);
  try {
    const admin = target.tokenFor(BENCH_ADMIN, [ADMIN_GROUP]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const rules = opts.rules === true;
    const questions = opts.questions === false ? [] : BENCH_QUESTIONS;
    const card = await createCard(
      target,
      admin,
      'Bench Live Event',
      '2025-09-01',
      future,
      rules ? EVERY_RULE_ON : null,
      questions,
    );
    await loadPlayers(target, admin, card.eventId, card.matchIds, opts.predictions, rules, card.questionIds);
    await graphqlData(target.url, admin, 'mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: card.eventId, state: 'BROADCAST' },
    });
    // The STATE update of that change is published before anyone subscribes.
    await target.app.settled();

    const load = await openSubscriptions({
      realtimeUrl: target.app.realtimeUrl,
      ca: readFileSync(target.app.caPath, 'utf8'),
      tokens: Array.from({ length: opts.connections }, (_, c) => target.tokenFor(benchPlayer(c))),
      subscriptionsPerConnection: opts.subscriptionsPerConnection,
      query: String(onEventUpdate),
      variables: { eventId: card.eventId },
      timeoutMs: SETUP_TIMEOUT_MS,
    });
    try {
      const responses: number[] = [];
      const delivery: number[] = [];
      const lag: number[] = [];
      const lagByResult: number[] = [];
      let topPoints = 0;
      // Each player's live points, as the event's board has them (none before the first pass).
      const store = createStore({ client: target.client, tableName: target.tableName, concurrency: 8 });
      const pointsOf = async () => {
        const head = (await store.get(BOARD.eventHeadKey(card.eventId))) as unknown as BoardHead | undefined;
        const rows = head ? await readRows<EventRow>(store, head) : [];
        return new Map(rows.map((row) => [row[0], row[2]]));
      };
      let points = await pointsOf();
      let itemsWritten = 0;
      let changed = 0;
      const stopCounting = onItemsWritten((items) => {
        itemsWritten += items;
      });
      // The results, then the answers, each with what it adds to player 0's points (the top row's).
      const steps = [
        ...card.matchIds.slice(0, Math.min(opts.results, CARD_SIZE)).map((matchId, m) => ({
          matchId,
          // createCard's points of match m; under the rules, player 0's bonuses: the finish, the title
          // change (team 0 beats the champion of an even match), its joker's double on match 0.
          points:
            5 +
            m +
            (rules ? EVERY_RULE_ON.methodBonus + (m % 2 === 0 ? EVERY_RULE_ON.titleChangeBonus : 0) : 0) +
            (rules && m === 0 ? 5 : 0),
          send: () =>
            graphqlData(
              target.url,
              admin,
              'mutation($e: ID!, $m: ID!, $f: FinishMethod) { setMatchResult(eventId: $e, matchId: $m, winner: 0, method: $f) { id } }',
              { e: card.eventId, m: matchId, f: rules ? 'PINFALL' : null },
            ),
        })),
        ...questions.slice(0, opts.answers).map((question, q) => ({
          matchId: null,
          points: rightAnswerPoints(question),
          send: () =>
            graphqlData(
              target.url,
              admin,
              'mutation($e: ID!, $q: ID!, $options: [Int!], $number: Int, $void: Boolean) { setQuestionAnswer(eventId: $e, questionId: $q, options: $options, number: $number, void: $void) { id } }',
              { e: card.eventId, q: card.questionIds[q], ...question.answer },
            ),
        })),
      ];
      for (const step of steps) {
        const started = wallNow();
        await step.send();
        const answered = wallNow();
        responses.push(answered - started);
        topPoints += step.points;
        await load.waitForData((step.matchId === null ? 1 : 2) * load.ids.length, RESULT_TIMEOUT_MS);
        await target.app.settled();
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const { arrivals, unexpected } = await load.take();
        const checked = checkResult(arrivals, unexpected, load.ids, {
          eventId: card.eventId,
          matchId: step.matchId,
          topPoints,
          leaderboardSize: Math.min(LIVE_LEADERBOARD_SIZE, opts.predictions),
        });
        delivery.push(...checked.delivery.map((at) => at - answered));
        lag.push(...checked.lag.map((at) => at - answered));
        lagByResult.push(
          percentile(
            checked.lag.map((at) => at - answered),
            50,
          ),
        );
        const after = await pointsOf();
        for (const [userId, p] of after) if (points.get(userId) !== p) changed += 1;
        if (after.size !== opts.predictions)
          throw new Error(`the event's board holds ${after.size} players, ${opts.predictions} predicted`);
        points = after;
      }
      stopCounting();
      return {
        predictions: opts.predictions,
        subscriptions: load.ids.length,
        connections: opts.connections,
        results: steps.filter((s) => s.matchId !== null).length,
        answers: steps.filter((s) => s.matchId === null).length,
        responseMsP50: percentile(responses, 50),
        responseMsMax: Math.max(...responses),
        deliveryMsP50: percentile(delivery, 50),
        deliveryMsP99: percentile(delivery, 99),
        deliveryMsMax: Math.max(...delivery),
        lagMsP50: percentile(lag, 50),
        lagMsP99: percentile(lag, 99),
        lagMsMax: Math.max(...lag),
        lagMsP50ByResult: lagByResult.map((ms) => Math.round(ms)),
        passWrites: itemsWritten / responses.length,
        changedPlayers: changed / responses.length,
      };
    } finally {
      load.close();
    }
  } finally {
    await target.close();
  }
}

/** The figures of one row as text lines. */
export function describeLive(row: LiveBenchRow): string[] {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return [
    `live, ${row.predictions} predictions, ${row.subscriptions} subscriptions on ${row.connections} connections, ${row.results} results then ${row.answers} answers entered one after another:`,
    `  setMatchResult (setQuestionAnswer) response p50 ${ms(row.responseMsP50)} (max ${ms(row.responseMsMax)})`,
    `  RESULT delivered after the response: p50 ${ms(row.deliveryMsP50)}, p99 ${ms(row.deliveryMsP99)}, max ${ms(row.deliveryMsMax)}`,
    `  LEADERBOARD after the response:      p50 ${ms(row.lagMsP50)}, p99 ${ms(row.lagMsP99)}, max ${ms(row.lagMsMax)}; p50 by result (then answer) ${row.lagMsP50ByResult.join(', ')} ms`,
    `  items written per pass ${row.passWrites.toFixed(0)}, players whose points changed per result ${row.changedPlayers.toFixed(0)}`,
  ];
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = (option('--predictions') ?? '1000,10000').split(',').map(Number);
  const results = Number(option('--results') ?? LIVE_DEFAULTS.results);
  const answers = Number(option('--answers') ?? LIVE_DEFAULTS.answers);
  const connections = Number(option('--connections') ?? LIVE_DEFAULTS.connections);
  const subscriptionsPerConnection = Number(option('--per-connection') ?? LIVE_DEFAULTS.subscriptionsPerConnection);
  const dynamo = await startDynamoDbLocal({ stateDir: stateDir, inMemory: true, port: 8610 });
  try {
    for (const predictions of sizes) {
      const row = await benchLive(dynamo.endpoint, {
        predictions,
        results,
        answers,
        connections,
        subscriptionsPerConnection,
      });
      console.log(describeLive(row).join('\n'));
      console.log(JSON.stringify(row));
    }
  } finally {
    await dynamo.stop();
  }
}
