/**
 * One large event scored final on DynamoDB Local, then one result (and one question's answer)
 * corrected and the event scored again, with what the final scoring would cost on AWS per partition
 * key value (capacity-model.ts). The event counts in two seasons (its calendar year and a named season
 * around it), and every player is in one full league of each (LEAGUE_LIMIT.membersPerLeague; the final
 * pass refreshes their tables). The figures are checked against a computation from scratch from the
 * picks, answers and results: every prediction's points, correct, rank and question scores, every
 * standing of both seasons, the event's and both seasons' boards, and every league's table.
 *
 * By default every rule is on (EVERY_RULE_ON, with the tie-break) and the event has 10 questions
 * (bench/questions.ts) that every prediction answers: issue 42's configuration.
 *
 *   npx tsx bench/scale.ts [N]      (starts its own in-memory DynamoDB Local; N defaults to 100,000)
 */
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { DeleteTableCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, startDynamoDbLocal, ensureTable } from 'appsync-local';
import { stateDir } from '../project.ts';
import { pickemTable } from '../amplify/data/table.ts';
import { SEASON as SEASONS } from '@pickem/domain/entities/season';
import { BOARD, rankOf, type BoardHead } from '@pickem/domain/entities/board';
import { ENTRY } from '@pickem/domain/entities/entry';
import { PREDICTION, type AnswerItem } from '@pickem/domain/entities/prediction';
import { answersOf, scoresOf } from '@pickem/domain/entities/stored-answers';
import { SEASON_RANKS, seasonRank, type SeasonRanksItem } from '@pickem/domain/entities/season-ranks';
import { STANDING } from '@pickem/domain/entities/standing';
import { MATCH } from '@pickem/domain/entities/match';
import { QUESTION, type QuestionItem } from '@pickem/domain/entities/question';
import {
  LEAGUE,
  LEAGUE_LIMIT,
  LEAGUE_TABLE,
  SEASON_LEAGUE,
  type LeagueItem,
  type LeagueTable,
} from '@pickem/domain/entities/league';
import { keyId } from '@pickem/domain/entities/table';
import { toAttributes, type Item } from '../amplify/functions/score-event/attributes.ts';
import { createScorer } from '../amplify/functions/score-event/scorer.ts';
import { compareScores, competitionRanks } from '../amplify/functions/score-event/ranks.ts';
import { createStore, type Store } from '../amplify/functions/score-event/store.ts';
import { readRows, type BoardRow } from '../amplify/functions/score-event/board.ts';
import { createCapacityModel } from './capacity-model.ts';
import { EVERY_RULE_ON } from '../scripts/demo/rules.ts';
import {
  BENCH_TIE_BREAK_ANSWER,
  DATE,
  EVENT_ID,
  SEASON,
  batchWrite,
  benchChampion,
  benchEventItems,
  matchItem,
  userIdOf,
} from './scoring.ts';
import { benchQuestionItems } from './questions.ts';

export interface ScaleBenchRow {
  benchmark: 'scale';
  predictions: number;
  /** Every rule on (EVERY_RULE_ON), or every rule off. */
  rules: boolean;
  /** The event's 10 questions (bench/questions.ts) answered by every prediction, or none. */
  questions: boolean;
  finalSeconds: number;
  rescoreSeconds: number;
  /** Modeled WCU of the final scoring, all partitions, per prediction. */
  wcuPerPrediction: number;
  hottestKey: string;
  hottestKeyWcu: number;
  hottestKeyRcu: number;
  /** The final scoring's hottest key at AWS's per-partition limits: WCU/1000 + RCU/3000. */
  modeledAwsSeconds: number;
  /** The same for the re-score after one correction. */
  rescoreHottestKey: string;
  rescoreModeledAwsSeconds: number;
  exact: boolean;
}

const NAMED_SEASON = {
  id: '2025-04-01-bench-spring',
  name: 'Bench Spring',
  startDate: '2025-04-01',
  endDate: '2025-04-30',
};

export async function benchScale(
  endpoint: string,
  predictions: number,
  { rules = true, questions = true } = {},
): Promise<ScaleBenchRow> {
  const client = createDynamoDbClient(endpoint, stateDir);
  const tableName = `bench-scale-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, { ...pickemTable, name: tableName });
  try {
    const items = [
      ...benchEventItems(predictions, rules, questions),
      SEASONS.item(NAMED_SEASON),
      ...benchLeagues(predictions, String(SEASON)),
      ...benchLeagues(predictions, NAMED_SEASON.id),
    ];
    await batchWrite(client, tableName, items, 16);
    const model = createCapacityModel(items);
    const scorer = createScorer({ client: model.wrap(client), tableName });

    let started = performance.now();
    const final = await scorer.scoreEvent(EVENT_ID);
    const finalSeconds = (performance.now() - started) / 1000;
    if (final.error) throw new Error(`scoring failed: ${JSON.stringify(final.error)}`);
    const cost = model.take();

    // The first match's winner corrected from team 0 to team 1, and the winner's entry number from 27
    // to 26, as an admin would.
    const corrected = [matchItem(0, 1, rules)];
    if (questions) {
      const entry = benchQuestionItems(EVENT_ID, true)[2];
      corrected.push(QUESTION.item({ ...entry, answer: { ...entry.answer!, number: 26 } }));
    }
    for (const item of corrected) {
      await client.send(new PutItemCommand({ TableName: tableName, Item: toAttributes(item) }));
      model.put(item);
    }
    started = performance.now();
    const again = await scorer.scoreEvent(EVENT_ID);
    const rescoreSeconds = (performance.now() - started) / 1000;
    if (again.error) throw new Error(`re-scoring failed: ${JSON.stringify(again.error)}`);
    const rescoreCost = model.take();

    const mismatches = await compareWithScratch(client, tableName, predictions, rules);
    if (mismatches.length > 0)
      console.error(
        `scale: ${mismatches.length} figures differ from scratch, e.g.\n  ${mismatches.slice(0, 10).join('\n  ')}`,
      );
    return {
      benchmark: 'scale',
      predictions,
      rules,
      questions,
      finalSeconds,
      rescoreSeconds,
      wcuPerPrediction: cost.wcu / predictions,
      hottestKey: cost.hottestKey,
      hottestKeyWcu: cost.hottestKeyWcu,
      hottestKeyRcu: cost.hottestKeyRcu,
      modeledAwsSeconds: cost.modeledAwsSeconds,
      rescoreHottestKey: rescoreCost.hottestKey,
      rescoreModeledAwsSeconds: rescoreCost.modeledAwsSeconds,
      exact: mismatches.length === 0,
    };
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    client.destroy();
  }
}

/** Players 0 to n - 1 in full leagues of the season, as createLeague and joinLeague leave them before the event's scoring (no standing yet: zeros). */
function benchLeagues(n: number, seasonId: string): Item[] {
  const items: Item[] = [];
  const size = LEAGUE_LIMIT.membersPerLeague;
  for (let first = 0; first < n; first += size) {
    const id = `bench-${seasonId}-${first / size}`;
    const table: LeagueTable = {};
    for (let u = first; u < Math.min(first + size, n); u++) table[userIdOf(u)] = LEAGUE_TABLE.entryOf(null);
    items.push(
      LEAGUE.item({
        id,
        name: id,
        seasonId,
        commissionerId: userIdOf(first),
        memberCount: Object.keys(table).length,
        joinsOpen: true,
        inviteCode: `BENCH${first / size}`,
        createdAt: '2025-01-01T00:00:00.000Z',
        table,
        tableVersion: Object.keys(table).length,
      }),
      { ...SEASON_LEAGUE.key(seasonId, id), ...SEASON_LEAGUE.attributes(seasonId, id) },
    );
  }
  return items;
}

/**
 * Every stored figure against a computation from the stored picks, answers, results and questions'
 * answers alone: a correct pick names the team the match's result names; its points are the match's;
 * the answers earn what `questionScores` below says. Checked: each prediction's points, correct, rank
 * and question scores; each standing of both seasons; the event's board and both seasons' boards
 * (every row in order, with its rank, and the head's score counts).
 */
async function compareWithScratch(
  client: DynamoDBClient,
  tableName: string,
  n: number,
  rules: boolean,
): Promise<string[]> {
  const store = createStore({ client, tableName, concurrency: 8 });
  const matches = await store.query(MATCH.card(EVENT_ID));
  const results = new Map(
    matches.map((m, i) => [
      m.id as string,
      { winner: m.result as number, points: m.points as number, method: m.method, champion: benchChampion(i) },
    ]),
  );
  const entries = (await Promise.all(ENTRY.shards().map((shard) => store.query(ENTRY.shard(EVENT_ID, shard))))).flat();
  const problems: string[] = [];
  if (entries.length !== n) problems.push(`${entries.length} entries stored, ${n} loaded`);
  type Pick = { matchId: string; team: number; method?: string; joker?: boolean };
  // Under the rules, from their words: the picks at the bell, counted here.
  const picked = new Map<string, number[]>();
  for (const e of entries)
    for (const pick of e.picks as Pick[]) {
      const counts = picked.get(pick.matchId) ?? [0, 0, 0];
      counts[pick.team] += 1;
      picked.set(pick.matchId, counts);
    }
  const R = EVERY_RULE_ON;
  const questions = (await store.query(QUESTION.list(EVENT_ID))) as unknown as QuestionItem[];
  questions.sort((a, b) => a.position - b.position);
  const scores = entries.map((e) => {
    const asked = questionScores(questions, answersOf(e.answers as string | undefined));
    let points = 0;
    let correct = 0;
    let allRight = true;
    for (const pick of e.picks as Pick[]) {
      const r = results.get(pick.matchId);
      if (!r) continue;
      const joker = rules && pick.joker === true;
      if (r.winner !== pick.team) {
        allRight = false;
        if (joker) points -= r.points;
        continue;
      }
      correct += 1;
      points += joker ? 2 * r.points : r.points;
      if (!rules) continue;
      if (pick.method !== undefined && pick.method === r.method) points += R.methodBonus;
      const counts = picked.get(pick.matchId)!;
      if (counts[pick.team] * 100 < R.underdogPercent * counts.reduce((a, b) => a + b, 0)) points += R.underdogBonus;
      if (r.champion !== null && r.winner !== r.champion) points += R.titleChangeBonus;
    }
    if (rules && allRight && (e.picks as Pick[]).length === results.size) points += R.perfectCardBonus;
    const guess = e.tieBreak as number | null | undefined;
    // The event board's second key: the closeness of the guess (none: last), else correct picks.
    const second = !rules ? correct : guess == null ? 0 : 100001 - Math.abs(guess - BENCH_TIE_BREAK_ANSWER);
    points += asked.reduce((sum, q) => sum + q.points, 0);
    return { userId: e.userId as string, points, correct, second, asked };
  });
  const ranks = competitionRanks(scores.map((s) => ({ ...s, correct: s.second })));
  const seasonRanks = competitionRanks(scores);
  const expect = (what: string, item: Item | undefined, want: Record<string, number>) => {
    for (const [k, v] of Object.entries(want))
      if (item?.[k] !== v) problems.push(`${what}: ${k} ${String(item?.[k])}, expected ${v}`);
  };
  const predictions = await store.batchGet(scores.map((s) => PREDICTION.key(s.userId, DATE, EVENT_ID)));
  for (const s of scores) {
    const item = predictions.get(keyId(PREDICTION.key(s.userId, DATE, EVENT_ID)));
    expect(`prediction of ${s.userId}`, item, { points: s.points, correct: s.correct, rank: ranks.get(s.userId)! });
    if (JSON.stringify(scoresOf(item?.questionScores as string | undefined)) !== JSON.stringify(s.asked))
      problems.push(`prediction of ${s.userId}: questionScores ${String(item?.questionScores)}`);
  }
  const ordered = [...scores].sort((a, b) => compareScores({ ...a, correct: a.second }, { ...b, correct: b.second }));
  await expectBoard(
    store,
    BOARD.eventScope(EVENT_ID),
    ordered.map((s) => [s.userId, s.points, s.correct, ranks.get(s.userId)!, s.second]),
    problems,
  );
  const seasonOrdered = [...scores].sort(compareScores);
  // The event is the only one of both its seasons: each standing is the prediction's score, played once.
  for (const season of [String(SEASON), NAMED_SEASON.id]) {
    const standings = await store.batchGet(scores.map((s) => STANDING.key(s.userId, season)!));
    for (const s of scores) {
      expect(`season ${season} standing of ${s.userId}`, standings.get(keyId(STANDING.key(s.userId, season)!)), {
        points: s.points,
        correct: s.correct,
        eventsPlayed: 1,
      });
    }
    await expectBoard(
      store,
      BOARD.seasonScope(season),
      seasonOrdered.map((s) => [s.userId, s.points, s.correct, seasonRanks.get(s.userId)!, s.correct]),
      problems,
    );
    const byUser = new Map(scores.map((s) => [s.userId, s]));
    const listed = await store.query(SEASON_LEAGUE.ofSeason(season));
    const leagues = await store.batchGet(listed.map((l) => LEAGUE.key(l.leagueId as string)));
    if (leagues.size !== Math.ceil(n / LEAGUE_LIMIT.membersPerLeague))
      problems.push(`season ${season}: ${leagues.size} leagues listed`);
    for (const league of leagues.values())
      for (const [userId, entry] of Object.entries((league as unknown as LeagueItem).table ?? {})) {
        const s = byUser.get(userId);
        if (!s || entry.points !== s.points || entry.correct !== s.correct || entry.eventsPlayed !== 1)
          problems.push(`league ${league.id as string}: ${userId} ${JSON.stringify(entry)}, expected ${s?.points}`);
      }
  }
  return problems;
}

/**
 * What the answers earn on each question, in position order, from issue 42's words: a voided question
 * nothing; CHOICE its points for the right option; MULTI its points for each picked option in the
 * answer; NUMBER its points for the exact number, else its close points within the close range (edges
 * in). Every question of the bench has an answer.
 */
function questionScores(questions: QuestionItem[], answers: AnswerItem[]) {
  return questions.map((q) => {
    const given = answers.find((a) => a.questionId === q.id);
    const right = q.answer!;
    let points = 0;
    if (given && !right.void && q.kind === 'NUMBER') {
      const off = Math.abs(given.number! - right.number!);
      points = off === 0 ? q.points : off <= q.closeRange ? q.closePoints : 0;
    } else if (given && !right.void) {
      const hits = given.options.filter((o) => right.options.includes(o)).length;
      points = q.kind === 'MULTI' ? q.points * hits : hits > 0 ? q.points : 0;
    }
    return { questionId: q.id, points };
  });
}

/** A board's rows, in order, against [userId, points, correct, rank, second key] each; and its head's score counts. */
async function expectBoard(
  store: Store,
  scope: string,
  want: [string, number, number, number, number][],
  problems: string[],
) {
  const head = (await store.get(BOARD.headKey(scope))) as unknown as BoardHead | undefined;
  if (!head) {
    problems.push(`${scope}: no board`);
    return;
  }
  const rows = await readRows<BoardRow>(store, head);
  if (rows.length !== want.length || head.rowCount !== want.length)
    problems.push(`${scope}: ${rows.length} rows (head says ${head.rowCount}), expected ${want.length}`);
  want.forEach(([userId, points, correct, rank], i) => {
    const row = rows[i];
    if (!row || row[0] !== userId || row[2] !== points || row[3] !== correct || row[4] !== rank) {
      problems.push(
        `${scope} row ${i + 1}: ${JSON.stringify(row?.slice(0, 5))}, expected ${JSON.stringify([userId, points, correct, rank])}`,
      );
    }
  });
  // A season's ranks are read from its rank buckets (season-ranks.ts), an event's from its head (by
  // points, then the second key: correct picks, or the tie-break's closeness).
  const seasonId = scope.startsWith(BOARD.seasonScope('')) ? scope.slice(BOARD.seasonScope('').length) : null;
  const buckets = new Map<number, SeasonRanksItem>();
  if (seasonId !== null)
    for (const item of await store.query(SEASON_RANKS.all(seasonId))) {
      const bucket = item as unknown as SeasonRanksItem;
      buckets.set(bucket.bucket, bucket);
    }
  const rankAt = (points: number, second: number) =>
    seasonId === null
      ? rankOf(head, points, second)
      : seasonRank(buckets.get(SEASON_RANKS.bucketOf(points)) ?? null, points, second);
  for (const [, points, , rank, second] of want) {
    if (rankAt(points, second) !== rank) {
      problems.push(
        `${scope}: ${points} points, second key ${second} ranked ${rankAt(points, second)}, expected ${rank}`,
      );
      break;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 100_000);
  const dynamo = await startDynamoDbLocal({ stateDir, inMemory: true, port: 18_520 });
  try {
    console.log(JSON.stringify(await benchScale(dynamo.endpoint, n)));
  } finally {
    await dynamo.stop();
  }
}
