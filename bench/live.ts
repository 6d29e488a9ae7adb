/**
 * The live leaderboard's lag: on a BROADCAST event with N predictions, each `setMatchResult` is timed
 * to its response, then the leaderboard is polled (every 10 ms, at most 120 s) until it shows the
 * result: player 0, who picks team 0 of every match, has the points of every match won by team 0 so far.
 * Lag = from the mutation's response to the first read that shows it.
 *
 *   npx tsx bench/live.ts [N] [results]      (defaults 1000 and 5; starts its own in-memory DynamoDB Local)
 */
import { pathToFileURL } from 'node:url';
import { graphqlData } from '../appsync/local/client.ts';
import { asyncInvocationsSettled } from '../appsync/local/datasources/lambda.ts';
import { startDynamoDbLocal } from '../appsync/local/dynamodb-local.ts';
import { ADMIN_GROUP } from '../resolvers/lib/caller.ts';
import { BENCH_ADMIN, CARD_SIZE, benchPlayer, createCard, loadPlayers } from './fixture.ts';
import { startBenchTarget, type BenchTarget } from './target.ts';

export interface LiveBenchRow {
  predictions: number;
  results: number;
  /** setMatchResult request to response, p50 and max. */
  responseMsP50: number;
  responseMsMax: number;
  /** Response to the first leaderboard read showing the result, p50 and max. */
  lagMsP50: number;
  lagMsMax: number;
}

const POLL_MS = 10;
const POLL_LIMIT_MS = 120_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchLive(target: BenchTarget, predictions: number, results: number): Promise<LiveBenchRow> {
  const admin = target.tokenFor(BENCH_ADMIN, [ADMIN_GROUP]);
  const player0 = target.tokenFor(benchPlayer(0));
  const future = new Date(Date.now() + 3600_000).toISOString();
  const card = await createCard(target, admin, 'Bench Live Event', '2025-09-01', future);
  await loadPlayers(target, admin, card.eventId, card.matchIds, predictions);
  await graphqlData(target.url, admin, 'mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', { i: { id: card.eventId, state: 'BROADCAST' } });

  const points = (m: number) => 5 + m; // createCard's points of match m
  const responses: number[] = [];
  const lags: number[] = [];
  let expected = 0;
  for (let m = 0; m < Math.min(results, CARD_SIZE); m += 1) {
    const started = performance.now();
    await graphqlData(target.url, admin, 'mutation($e: ID!, $m: ID!) { setMatchResult(eventId: $e, matchId: $m, winner: 0) { id } }', { e: card.eventId, m: card.matchIds[m] });
    const answered = performance.now();
    responses.push(answered - started);
    expected += points(m);
    for (;;) {
      const { eventCard } = await graphqlData<{ eventCard: { myPrediction: { points: number | null } } }>(target.url, player0,
        'query($e: ID!) { eventCard(eventId: $e) { myPrediction { points } } }', { e: card.eventId });
      if (eventCard.myPrediction.points === expected) break;
      if (performance.now() - answered > POLL_LIMIT_MS) throw new Error(`the leaderboard did not show result ${m + 1} within ${POLL_LIMIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    lags.push(performance.now() - answered);
  }
  await asyncInvocationsSettled();
  return {
    predictions,
    results: responses.length,
    responseMsP50: median(responses),
    responseMsMax: Math.max(...responses),
    lagMsP50: median(lags),
    lagMsMax: Math.max(...lags),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const predictions = Number(process.argv[2] ?? 1000);
  const results = Number(process.argv[3] ?? 5);
  const dynamo = await startDynamoDbLocal({ inMemory: true, port: 8610 });
  try {
    const target = await startBenchTarget(dynamo.endpoint);
    try {
      const row = await benchLive(target, predictions, results);
      console.log(JSON.stringify(row));
    } finally {
      await target.close();
    }
  } finally {
    await dynamo.stop();
  }
}
