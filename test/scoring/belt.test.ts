/**
 * The league belt the final pass keeps (amplify/functions/score-event/belt.ts) equals a computation
 * from scratch, from the words: after each scored event of the league's season, in bell
 * order, the leader of the league's table holds the belt (level with the leader, the holder keeps
 * it; else the first by the table's order); a new leader is a title change, otherwise a defense.
 * Checked after each event, twice = once, after a corrected result and a re-score, after a pass
 * killed after any number of writes then run again, and with concurrent passes; one SYSTEM message a
 * league and event, whatever the reruns, sent live as written (again after a failed send).
 */
import { describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { BELT, type ReignItem } from '@pickem/domain/entities/belt';
import { MESSAGE, type MessageItem } from '@pickem/domain/entities/chat';
import { LEAGUE, LEAGUE_TABLE, MEMBER, SEASON_LEAGUE, type LeagueItem } from '@pickem/domain/entities/league';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { createStore } from '../../amplify/functions/score-event/store.ts';
import { Fixture, expectedLeaderboard, type EventSpec, type Picks } from './fixtures.ts';

const e1: EventSpec = {
  id: 'e1',
  date: '2025-03-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
  ],
};
const e2: EventSpec = { id: 'e2', date: '2025-04-01', matches: [{ id: 'c', points: 20, result: 1 }] };
const e2corrected: EventSpec = { ...e2, matches: [{ id: 'c', points: 20, result: 0 }] };
const e3: EventSpec = {
  id: 'e3',
  date: '2025-05-01',
  matches: [
    { id: 'd', points: 30, result: 0 },
    { id: 'x', points: 5, result: null, outcome: 'DRAW' },
  ],
};
const picks: Record<string, Picks> = {
  e1: { u1: { a: 0, b: 1 }, u2: { a: 0, b: 0 }, u3: { a: 1, b: 1 }, u4: { a: 1, b: 0 }, out: { a: 0, b: 1 } },
  e2: { u1: { c: 0 }, u2: { c: 1 }, u3: { c: 1 }, u4: { c: 0 }, out: { c: 1 } },
  e3: { u1: { d: 1, x: 0 }, u2: { d: 1, x: 0 }, u3: { d: 0, x: 1 }, out: { d: 0 } },
};
const MEMBERS = ['u1', 'u2', 'u3', 'u4'];

class Killed extends Error {}

async function setup() {
  const { client, tableName } = await createTestTable();
  const fx = new Fixture(client, tableName);
  for (const spec of [e1, e2, e3]) {
    await fx.event(spec);
    await fx.predictions(spec, picks[spec.id]);
  }
  const table = Object.fromEntries(MEMBERS.map((u) => [u, LEAGUE_TABLE.entryOf(null)]));
  const league: LeagueItem = {
    id: 'L',
    name: 'L',
    seasonId: '2025',
    commissionerId: 'u1',
    memberCount: MEMBERS.length,
    joinsOpen: true,
    inviteCode: 'CODEL',
    createdAt: '2025-01-01T00:00:00.000Z',
    table,
    tableVersion: 1,
  };
  await fx.put(LEAGUE.item(league));
  await fx.put({ ...SEASON_LEAGUE.key('2025', 'L'), ...SEASON_LEAGUE.attributes('2025', 'L') });
  for (const userId of MEMBERS)
    await fx.put(MEMBER.item({ leagueId: 'L', userId, displayName: userId, joinedAt: '2025-01-01T00:00:00.000Z' }));
  return { fx, scorer: createScorer({ client, tableName }) };
}

/** The reigns from the issue's words, over the league's members' points in each event. */
function expectedReigns(events: EventSpec[]): ReignItem[] {
  const totals = new Map<string, { points: number; correct: number }>();
  const reigns: ReignItem[] = [];
  for (const spec of events) {
    const board = expectedLeaderboard(spec, picks[spec.id]);
    for (const u of MEMBERS) {
      const s = board.get(u);
      if (!s) continue;
      const t = totals.get(u) ?? { points: 0, correct: 0 };
      totals.set(u, { points: t.points + s.points, correct: t.correct + s.correct });
    }
    // The table's order: points, then correct picks, then user id descending.
    const order = [...totals.entries()].sort(
      ([ua, a], [ub, b]) => b.points - a.points || b.correct - a.correct || (ua < ub ? 1 : -1),
    );
    const [leader, top] = order[0];
    const current = reigns.at(-1);
    const held = current ? totals.get(current.userId)! : null;
    if (
      current &&
      held &&
      (current.userId === leader || (held.points === top.points && held.correct === top.correct))
    ) {
      current.defenses += 1;
      continue;
    }
    if (current) current.endedAt = spec.id;
    reigns.push({
      userId: leader,
      displayName: `name-${leader}`,
      wonAt: spec.id,
      wonAtName: `Event ${spec.id}`,
      defenses: 0,
      endedAt: null,
    });
  }
  return reigns;
}

async function belt(fx: Fixture) {
  const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 1 });
  const reigns = await fx.get(BELT.reignsKey('L'));
  const messages = (await store.query(MESSAGE.ofLeague('L'))) as unknown as MessageItem[];
  const league = (await fx.get(LEAGUE.key('L'))) as unknown as LeagueItem;
  return {
    reigns: (reigns?.reigns ?? []) as ReignItem[],
    system: messages
      .filter((m) => m.kind === 'SYSTEM')
      .map((m) => m.text)
      .sort(),
    messageCount: league.messageCount ?? 0,
  };
}

describe('the league belt', () => {
  it('follows the leader after each event, changes hands twice, and tells each event once', async () => {
    const { fx, scorer } = await setup();
    await scorer.scoreEvent('e1');
    expect((await belt(fx)).reigns).toEqual(expectedReigns([e1]));
    await scorer.scoreEvent('e2');
    expect((await belt(fx)).reigns).toEqual(expectedReigns([e1, e2]));
    await scorer.scoreEvent('e3');
    const after = await belt(fx);
    expect(after.reigns).toEqual(expectedReigns([e1, e2, e3]));
    expect(after.reigns.map((r) => r.userId)).toEqual(['u1', 'u2', 'u3']);
    expect(after.system).toEqual([
      'name-u1 won Event e1 with 13; name-u1 takes the belt.',
      'name-u2 and name-u3 tied for first at Event e2 with 20; the belt moves to name-u2.',
      'name-u3 won Event e3 with 30; the belt moves to name-u3.',
    ]);
    expect(after.messageCount).toBe(0); // SYSTEM messages do not count as unread

    // Twice = once: nothing written, no message again.
    const again = await scorer.scoreEvent('e3');
    if (!('stats' in again)) throw new Error(JSON.stringify(again));
    expect(again.stats.writes).toBe(0);
    expect(await belt(fx)).toEqual(after);
  });

  it('re-derives every reign after a corrected result, and tells no event twice', async () => {
    const { fx, scorer } = await setup();
    for (const id of ['e1', 'e2', 'e3']) await scorer.scoreEvent(id);
    await fx.enterResult('e2', e2corrected.matches[0]);
    await scorer.scoreEvent('e2');
    const after = await belt(fx);
    expect(after.reigns).toEqual(expectedReigns([e1, e2corrected, e3]));
    expect(after.reigns).not.toEqual(expectedReigns([e1, e2, e3]));
    expect(after.system).toHaveLength(3);
    expect(after.messageCount).toBe(0); // SYSTEM messages do not count as unread
  });

  it('converges when a pass is killed after any number of writes, then run again', async () => {
    const clean = await setup();
    for (const id of ['e1', 'e2']) await clean.scorer.scoreEvent(id);
    const full = await clean.scorer.scoreEvent('e3');
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    const expected = await belt(clean.fx);
    const total = full.stats.writes;
    for (const n of new Set([0, total - 4, total - 3, total - 2, total - 1])) {
      const { fx, scorer } = await setup();
      for (const id of ['e1', 'e2']) await scorer.scoreEvent(id);
      const dying = createScorer({
        client: fx.client,
        tableName: fx.tableName,
        afterWrite: (w) => {
          if (w === n) throw new Killed(`killed after ${n} writes`);
        },
      });
      await expect(dying.scoreEvent('e3')).rejects.toBeInstanceOf(Killed);
      await scorer.scoreEvent('e3');
      expect(await belt(fx), `killed after ${n} of ${total} writes`).toEqual(expected);
    }
  });

  it('converges under concurrent passes, a correction among them', async () => {
    const { fx, scorer } = await setup();
    for (const id of ['e1', 'e2', 'e3']) await scorer.scoreEvent(id);
    await fx.enterResult('e2', e2corrected.matches[0]);
    const other = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 2 });
    await Promise.all([scorer.scoreEvent('e2'), other.scoreEvent('e2'), scorer.scoreEvent('e2')]);
    const after = await belt(fx);
    expect(after.reigns).toEqual(expectedReigns([e1, e2corrected, e3]));
    expect(after.system).toHaveLength(3);
    expect(after.messageCount).toBe(0); // SYSTEM messages do not count as unread
  });

  it('sends each SYSTEM message live as written; a failed send is sent again by the next pass', async () => {
    const { fx } = await setup();
    const sent: MessageItem[] = [];
    let failing = true;
    const publishMessage = async (m: MessageItem) => {
      if (failing) return false;
      sent.push(m);
      return true;
    };
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName, publishMessage });
    await scorer.scoreEvent('e1');
    failing = false;
    await scorer.scoreEvent('e1'); // not marked told: sent now
    await scorer.scoreEvent('e1'); // told: not again
    await scorer.scoreEvent('e2');
    const stored = (await createStore({ client: fx.client, tableName: fx.tableName, concurrency: 1 }).query(
      MESSAGE.ofLeague('L'),
    )) as unknown as MessageItem[];
    expect(sent).toEqual(
      stored
        .map(({ id, leagueId, userId, displayName, text, createdAt, kind, removed }) => ({
          id,
          leagueId,
          userId,
          displayName,
          text,
          createdAt,
          kind,
          removed,
        }))
        .reverse(),
    );
  });
});
