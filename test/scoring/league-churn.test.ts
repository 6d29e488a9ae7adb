/**
 * Final passes under membership churn: 15 players joining and leaving one league through the API
 * (joinLeague, leaveLeague) while an event of 300 predictions is scored, corrected and scored again
 * twice. Each pass finishes, the event is SCORED, each standing counts the event once, and the league's table equals
 * one computed from scratch from its MEMBER# items and their standings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { EVENT } from '@pickem/domain/entities/event';
import { LEAGUE, LEAGUE_TABLE, type LeagueItem } from '@pickem/domain/entities/league';
import { STANDING } from '@pickem/domain/entities/standing';
import { stateDir } from '../../project.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP as OPS, subsOf } from '../api/leagues-fixtures.ts';
import { Fixture, expectedStandings, type EventSpec, type Picks } from './fixtures.ts';

const SEASON = '2036';
const event: EventSpec = {
  id: '2036-05-01-churn',
  date: '2036-05-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
    { id: 'c', points: 5, result: 0 },
  ],
};
const corrected: EventSpec = {
  ...event,
  matches: [event.matches[0], { id: 'b', points: 3, result: 0 }, event.matches[2]],
};
const CHURNERS = Array.from({ length: 15 }, (_, i) => `churn${i}`);
const STAYERS = Array.from({ length: 9 }, (_, i) => `stay${i}`);
const COMMISSIONER = 'commish';
/** The churn stops by itself after this long, whatever the pass does. */
const CHURN_LIMIT_MS = 60_000;

let api: TestApi;
let fx: Fixture;
let sub: Record<string, string>;
const picks: Picks = {};
const db = createDynamoDbClient(dynamoEndpoint(), stateDir);

beforeAll(async () => {
  api = await startTestApi();
  fx = new Fixture(db, api.tableName);
  sub = await subsOf(api, [COMMISSIONER, ...STAYERS, ...CHURNERS]);
  // Every member predicts, churners included; 275 more players make 300 predictions.
  const players = [...Object.values(sub), ...Array.from({ length: 275 }, (_, i) => `p${String(i).padStart(4, '0')}`)];
  players.forEach((userId, i) => (picks[userId] = { a: i % 2, b: i % 3 === 0 ? 1 : 0, c: i % 5 === 0 ? 1 : 0 }));
  await fx.event(event);
  await fx.predictions(event, picks);
}, 120_000);

afterAll(async () => {
  await api?.app.settled();
  await api?.close();
  db.destroy();
});

describe('a final pass while 15 players join and leave a league', () => {
  it('finishes: the event SCORED, standings counted once, the table equal to its members from scratch', async () => {
    const league = (await api.data(COMMISSIONER, OPS.create, { i: { name: 'Churn', seasonId: SEASON } })).createLeague;
    for (const player of STAYERS) await api.data(player, OPS.join, { c: league.inviteCode });

    let stop = false;
    const refusals = new Map<string, number>();
    let changes = 0;
    const churn = async (player: string) => {
      const until = Date.now() + CHURN_LIMIT_MS;
      let member = false;
      while (!stop && Date.now() < until) {
        const res = member
          ? await api.request(player, OPS.leave, { l: league.id })
          : await api.request(player, OPS.join, { c: league.inviteCode });
        const type = res.errors?.[0]?.errorType;
        if (type) refusals.set(type, (refusals.get(type) ?? 0) + 1);
        else {
          member = !member;
          changes += 1;
        }
      }
    };
    const churners = CHURNERS.map(churn);
    // Let the churn get going, then score, correct a result and score again, and correct it back: each
    // pass refreshes the table while members come and go. The pass is the function's own, run here
    // without a deadline, so that it answers for itself (through scoreEvent an unfinished pass would
    // be finished by asynchronous retries).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const scorer = createScorer({ client: db, tableName: api.tableName });
    const outcomes: unknown[] = [];
    try {
      for (const spec of [event, corrected, event]) {
        if (spec !== event || outcomes.length > 0) await fx.setResult(spec.id, spec.matches[1]);
        const outcome = await scorer.scoreEvent(spec.id).catch((err: Error) => err.message);
        outcomes.push(typeof outcome === 'object' && 'report' in outcome ? outcome.report.finished : outcome);
      }
    } finally {
      stop = true;
      await Promise.all(churners);
      await api.app.settled();
    }

    expect(outcomes).toEqual([true, true, true]);
    expect(changes).toBeGreaterThan(30);
    // A join that meets a pass rewriting the joiner's standing is refused as ConcurrentModification; nothing else.
    expect([...refusals.keys()].filter((t) => t !== 'ConcurrentModification')).toEqual([]);
    expect((await fx.get(EVENT.key(event.id)))?.state).toBe('SCORED');

    const want = new Map(expectedStandings([{ spec: event, picks }]).map((s) => [s.userId, s]));
    for (const userId of Object.keys(picks)) {
      const standing = await fx.get(STANDING.key(userId, SEASON)!);
      const w = want.get(userId)!;
      expect(
        { points: standing?.points, correct: standing?.correct, eventsPlayed: standing?.eventsPlayed },
        userId,
      ).toEqual({ points: w.points, correct: w.correct, eventsPlayed: 1 });
    }

    const items = await fx.query(LEAGUE.withMembers(league.id));
    const stored = items.find((item) => LEAGUE.is(item as never)) as unknown as LeagueItem;
    const members = items.filter((item) => !LEAGUE.is(item as never)).map((item) => item.userId as string);
    const fromScratch = Object.fromEntries(
      await Promise.all(
        members.map(async (userId) => [
          userId,
          LEAGUE_TABLE.entryOf(
            (await fx.get(STANDING.key(userId, SEASON)!)) as Parameters<typeof LEAGUE_TABLE.entryOf>[0],
          ),
        ]),
      ),
    );
    expect(stored.table).toEqual(fromScratch);
    expect(stored.memberCount).toBe(members.length);
    for (const userId of [sub[COMMISSIONER], ...STAYERS.map((p) => sub[p])])
      expect(stored.table?.[userId]?.points, userId).toBe(want.get(userId)!.points);
  }, 180_000);
});
