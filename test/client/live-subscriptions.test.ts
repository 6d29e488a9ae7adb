/**
 * Live updates end to end: players' real aws-amplify clients (child processes, live-subscriber.ts)
 * subscribe to onEventUpdate on the local Pick'Em API, with the amplify_outputs.json `npm start`
 * writes, while an admin runs a broadcast over HTTP. Each subscriber receives exactly its event's
 * updates, in order; each LEADERBOARD matches a computation from the picks and results alone (not from
 * the API); a no contest scores nothing; an unsubscribed player receives nothing more; a player may not
 * publish; a forged or expired token is refused; the final scoreEvent equals a from-scratch computation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signToken } from 'appsync-local';
import type { EventUpdate } from '@pickem/domain/schema-types';
import { ADMIN, ADMIN_GROUPS, OP, inOneHour } from '../api/mutations-fixtures.ts';
import { expectedLeaderboard, type EventSpec, type MatchSpec, type Picks } from '../scoring/fixtures.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { writeClientOutputs } from './client-outputs.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'live-subscriptions-'));
let api: TestApi;
let outputsFile: string;
const children: Subscriber[] = [];

type Report = {
  ready?: true;
  acked?: string;
  update?: EventUpdate;
  error?: { errorType?: string; message: string }[];
  unsubscribed?: true;
  publishErrors?: { errorType?: string; message: string }[];
  published?: unknown;
};

/** A player's client in a child process: commands in, reports out (live-subscriber.ts). */
class Subscriber {
  readonly reports: Report[] = [];
  private readonly child: ChildProcess;
  private stderr = '';
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    token: string,
  ) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'live-subscriber.ts'), outputsFile, token],
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: api.app.caPath },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.reports.push(JSON.parse(line));
      for (const wake of this.waiters) wake();
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    children.push(this);
  }

  send(command: object): void {
    this.child.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  get updates(): EventUpdate[] {
    return this.reports.flatMap((r) => (r.update ? [r.update] : []));
  }

  /** The first report `found` accepts, once there is one (fails after a bounded wait). */
  async waitFor<T>(what: string, found: (reports: Report[]) => T | undefined, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = found(this.reports);
      if (value !== undefined) return value;
      if (Date.now() > deadline)
        throw new Error(
          `${this.name}: no ${what} after ${ms} ms; reports ${JSON.stringify(this.reports)}; stderr ${this.stderr}`,
        );
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 200);
        this.waiters.add(wake);
      });
    }
  }

  waitForUpdates(count: number): Promise<EventUpdate[]> {
    return this.waitFor(`${count} updates`, () => (this.updates.length >= count ? this.updates : undefined));
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.on('exit', resolve));
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    this.child.stdin!.end();
    await exited;
    clearTimeout(killer);
  }
}

const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5'];
/** Each player's pick per match of the BROADCAST event (three teams a match). */
const PICKS: Record<string, number[]> = { p1: [0, 1, 2], p2: [0, 0, 1], p3: [1, 1, 2], p4: [2, 1, 0], p5: [1, 0, 1] };
const POINTS = [10, 20, 5];
let sub: Record<string, string>;

async function createEvent(name: string, points: number[]): Promise<{ id: string; matches: string[] }> {
  const { createEvent } = await api.data(
    ADMIN,
    OP.createEvent,
    { i: { name, date: '2031-05-01', startsAt: inOneHour() } },
    ADMIN_GROUPS,
  );
  const matches: string[] = [];
  for (const [n, p] of points.entries()) {
    const input = {
      name: `${name} match ${n}`,
      points: p,
      teams: [0, 1, 2].map((t) => ({ members: [`Wrestler ${n}-${t}`] })),
    };
    matches.push((await api.data(ADMIN, OP.addMatch, { e: createEvent.id, i: input }, ADMIN_GROUPS)).addMatch.id);
  }
  return { id: createEvent.id, matches };
}

const asAdmin = async (query: string, variables: Record<string, unknown>) => {
  const res = await api.request(ADMIN, query, variables, ADMIN_GROUPS);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
};
const SET_RESULT =
  'mutation($e: ID!, $m: ID!, $w: Int, $o: MatchOutcome) { setMatchResult(eventId: $e, matchId: $m, winner: $w, outcome: $o) { id } }';
const setResult = (e: string, m: string, w: number | null, o: 'WIN' | 'NO_CONTEST') =>
  asAdmin(SET_RESULT, { e, m, w, o });
const setState = (e: string, state: string) => asAdmin(OP.updateEvent, { i: { id: e, state } });

/** What a subscriber is told, in short: [kind, eventId, state] plus the match's result for a RESULT. */
const summary = (u: EventUpdate) => [
  u.kind,
  u.eventId,
  u.event.state,
  ...(u.kind === 'RESULT' ? [u.match?.id, u.match?.result, u.match?.outcome] : []),
];

/** A LEADERBOARD's rows by user id, in the shape of expectedLeaderboard's. */
/** Points, correct picks and rank of each player, as a leaderboard update shows them. */
const figures = (board: ReturnType<typeof expectedLeaderboard>) =>
  new Map([...board].map(([userId, s]) => [userId, { points: s.points, correct: s.correct, rank: s.rank }]));

function boardOf(
  update: EventUpdate,
): Map<string, { points: number | null; correct: number | null; rank: number | null }> {
  expect(update.kind).toBe('LEADERBOARD');
  const rows = update.leaderboard!;
  // Highest first, as eventCard.leaderboard shows it.
  expect(rows.map((r) => r.rank)).toEqual([...rows.map((r) => r.rank!)].sort((a, b) => a - b));
  return new Map(rows.map((r) => [r.userId, { points: r.points, correct: r.correct, rank: r.rank }]));
}

beforeAll(async () => {
  api = await startTestApi();
  outputsFile = writeClientOutputs(api, dir);
  sub = {};
  for (const p of PLAYERS) sub[p] = (await api.data(p, OP.updateMyProfile, { n: `Player ${p}` })).updateMyProfile.id;
}, 60_000);

afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await api.app.settled();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

it(
  'delivers each event its own updates in order, with leaderboards computed right, until a player unsubscribes',
  { timeout: 150_000 },
  async () => {
    const live = await createEvent('Live Night', POINTS);
    const other = await createEvent('Other Night', [7]);
    for (const p of PLAYERS) {
      await api.data(p, OP.savePrediction, {
        e: live.id,
        p: live.matches.map((matchId, i) => ({ matchId, team: PICKS[p][i] })),
      });
    }
    for (const p of ['p1', 'p3'])
      await api.data(p, OP.savePrediction, {
        e: other.id,
        p: [{ matchId: other.matches[0], team: p === 'p3' ? 2 : 0 }],
      });

    const now = Math.floor(Date.now() / 1000);
    const forged = `${api.token('p4').slice(0, -6)}AAAAAA`;
    const expired = signToken(api.app.key, { username: 'p5', expiresInSeconds: 60 }, now - 3600);
    const [p1, p2, p3, forger, late] = [
      new Subscriber('p1', api.token('p1')),
      new Subscriber('p2', api.token('p2')),
      new Subscriber('p3', api.token('p3')),
      new Subscriber('forged', forged),
      new Subscriber('expired', expired),
    ];
    // Each child loads tsx and the Amplify client first, which takes long on a loaded machine; the waits
    // that follow then time the server alone.
    for (const client of [p1, p2, p3, forger, late])
      await client.waitFor('ready', (r) => r.find((x) => x.ready), 60_000);
    for (const [client, eventId] of [
      [p1, live.id],
      [p2, live.id],
      [p3, other.id],
      [forger, live.id],
      [late, live.id],
    ] as const)
      client.send({ subscribe: eventId });
    for (const client of [p1, p2, p3]) await client.waitFor('ack', (r) => r.find((x) => x.acked)?.acked);

    // A bad token is refused: the client reports an error, and the server holds only the three subscriptions.
    for (const client of [forger, late]) {
      const error = await client.waitFor('error', (r) => r.find((x) => x.error)?.error);
      expect(error, client.name).toEqual([
        expect.objectContaining({ message: 'Connection failed: UnauthorizedException' }),
      ]);
      expect(
        client.reports.some((x) => x.acked),
        client.name,
      ).toBe(false);
    }
    expect(api.app.api.realtime.registry.size).toBe(3);

    // The show. After each step, wait for its updates (so that the order is the test's), then check.
    const results: (MatchSpec & { outcome?: 'NO_CONTEST' })[] = live.matches.map((id, i) => ({
      id,
      points: POINTS[i],
      result: null,
    }));
    const picks: Picks = Object.fromEntries(
      PLAYERS.map((p) => [sub[p], Object.fromEntries(live.matches.map((m, i) => [m, PICKS[p][i]]))]),
    );
    const spec = (): EventSpec => ({ id: live.id, date: '2031-05-01', matches: results.map((m) => ({ ...m })) });
    const expectedP1: unknown[] = [];
    const expectedP3: unknown[] = [];

    await setState(live.id, 'BROADCAST');
    expectedP1.push(['STATE', live.id, 'BROADCAST']);
    await Promise.all([p1.waitForUpdates(1), p2.waitForUpdates(1)]);

    await setState(other.id, 'BROADCAST');
    expectedP3.push(['STATE', other.id, 'BROADCAST']);
    await p3.waitForUpdates(1);

    const steps: [number, number | null, 'WIN' | 'NO_CONTEST'][] = [
      [0, 0, 'WIN'],
      [1, 1, 'WIN'],
      [1, null, 'NO_CONTEST'], // corrected: the 20 points of match 1 go away from everyone
      [2, 2, 'WIN'],
    ];
    for (const [step, [i, winner, outcome]] of steps.entries()) {
      if (step === 3) {
        // p2 leaves the screen: the server drops the subscription, and p2 receives nothing more.
        p2.send({ unsubscribe: true });
        await p2.waitFor('unsubscribe', (r) => r.find((x) => x.unsubscribed));
        await expect.poll(() => api.app.api.realtime.registry.size).toBe(2);
      }
      await setResult(live.id, live.matches[i], winner, outcome);
      results[i] = { ...results[i], result: winner, ...(outcome === 'NO_CONTEST' ? { outcome } : {}) };
      expectedP1.push(
        ['RESULT', live.id, 'BROADCAST', live.matches[i], winner, outcome],
        ['LEADERBOARD', live.id, 'BROADCAST'],
      );
      const updates = await p1.waitForUpdates(expectedP1.length);
      const board = boardOf(updates.at(-1)!);
      expect(board, `provisional leaderboard after step ${step}`).toEqual(figures(expectedLeaderboard(spec(), picks)));
      if (step < 3) expect((await p2.waitForUpdates(expectedP1.length)).map(summary)).toEqual(expectedP1);

      if (step === 0) {
        // A result on the other event reaches p3 only.
        await setResult(other.id, other.matches[0], 2, 'WIN');
        expectedP3.push(
          ['RESULT', other.id, 'BROADCAST', other.matches[0], 2, 'WIN'],
          ['LEADERBOARD', other.id, 'BROADCAST'],
        );
        const theirs = await p3.waitForUpdates(expectedP3.length);
        expect(boardOf(theirs.at(-1)!)).toEqual(
          new Map([
            [sub.p3, { points: 7, correct: 1, rank: 1 }],
            [sub.p1, { points: 0, correct: 0, rank: 2 }],
          ]),
        );
      }
    }

    // A player may not publish (IAM only), through the same client.
    const {
      __typename,
      rules: typedRules,
      ...rest
    } = p1.updates[0].event as EventUpdate['event'] & {
      __typename: string;
    };
    const { __typename: _rulesTypename, ...rules } = typedRules as typeof typedRules & { __typename: string };
    const event = { ...rest, rules };
    p1.send({ publish: { eventId: live.id, kind: 'STATE', readAt: p1.updates[0].readAt, event } });
    const refused = await p1.waitFor('publish answer', (r) => r.find((x) => x.publishErrors || x.published));
    expect(refused.publishErrors?.[0]).toMatchObject({ errorType: 'Unauthorized' });

    // The final step: scoreEvent equals a from-scratch computation; the no contest scores nothing.
    const scored = await asAdmin(OP.scoreEvent, { e: live.id });
    expect(scored.scoreEvent).toMatchObject({ event: { state: 'SCORED' }, predictionsScored: PLAYERS.length });
    expectedP1.push(['LEADERBOARD', live.id, 'SCORED'], ['STATE', live.id, 'SCORED']);
    const updates = await p1.waitForUpdates(expectedP1.length);
    const fromScratch = figures(expectedLeaderboard(spec(), picks));
    expect(boardOf(updates.at(-2)!)).toEqual(fromScratch);
    const card = await api.data(
      'p2',
      'query($e: ID!) { eventCard(eventId: $e) { leaderboardFinal leaderboard(limit: 10) { items { userId points correct rank } } } }',
      { e: live.id },
    );
    expect(card.eventCard.leaderboardFinal).toBe(true);
    expect(
      new Map(
        card.eventCard.leaderboard.items.map((r: { userId: string; points: number; correct: number; rank: number }) => [
          r.userId,
          { points: r.points, correct: r.correct, rank: r.rank },
        ]),
      ),
    ).toEqual(fromScratch);
    // p4's one right pick was match 1's winner before it became a no contest; nobody has match 1's 20 points.
    expect(fromScratch.get(sub.p4)).toEqual({ points: 0, correct: 0, rank: 4 });
    expect([...fromScratch.values()].map((r) => r.points).sort((a, b) => b - a)).toEqual([15, 10, 5, 0, 0]);

    // Nothing else arrived anywhere: no duplicate, no other event's update, nothing after unsubscribing.
    // A last update to each event is the barrier: the server delivers in publish order, so once p1 and p3
    // have it, anything published before it (to them, or to p2 had it stayed) has been delivered too.
    await setResult(live.id, live.matches[2], 2, 'WIN'); // after SCORED: announced, not scored
    expectedP1.push(['RESULT', live.id, 'SCORED', live.matches[2], 2, 'WIN']);
    await setResult(other.id, other.matches[0], 2, 'WIN');
    expectedP3.push(
      ['RESULT', other.id, 'BROADCAST', other.matches[0], 2, 'WIN'],
      ['LEADERBOARD', other.id, 'BROADCAST'],
    );
    await Promise.all([p1.waitForUpdates(expectedP1.length), p3.waitForUpdates(expectedP3.length)]);
    await api.app.settled();
    expect(p1.updates.map(summary)).toEqual(expectedP1);
    expect(p2.updates.map(summary)).toEqual(expectedP1.slice(0, 7));
    expect(p3.updates.map(summary)).toEqual(expectedP3);
    // Each update tells when it was read; here each was published after the one before it, so along a
    // subscriber's updates of one kind readAt never goes back (a client keeps the latest per kind).
    for (const client of [p1, p2, p3]) {
      for (const kind of ['RESULT', 'STATE', 'LEADERBOARD'] as const) {
        const times = client.updates.filter((u) => u.kind === kind).map((u) => u.readAt);
        for (const at of times) expect(at, client.name).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(times, `${client.name} ${kind}`).toEqual([...times].sort());
      }
    }
    for (const client of [p1, p2, p3, forger, late])
      expect(
        client.reports.filter((x) => x.error),
        client.name,
      ).toEqual(client === forger || client === late ? [expect.anything()] : []);
  },
);
