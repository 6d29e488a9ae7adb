/**
 * Leagues with the real aws-amplify client (child processes, league-member.ts), configured from the
 * amplify_outputs.json `npm start` writes: a member creates a league, others join it by its code, and
 * each reads the league's live board of an event while the admin enters results over HTTP; after
 * every result each board equals a computation from the picks and results alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectedBoard } from '../api/leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState } from '../api/mutations-fixtures.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { writeClientOutputs } from './client-outputs.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'league-client-'));
let api: TestApi;
let outputsFile: string;
const members: Member[] = [];

/** A member's app in a child process: one command, one report. */
class Member {
  private readonly child: ChildProcess;
  private readonly pending: ((report: Record<string, any>) => void)[] = [];

  constructor(token: string) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'league-member.ts'), outputsFile, token],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.pending.shift()?.(JSON.parse(line)));
    members.push(this);
  }

  ask(command: object): Promise<Record<string, any>> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.child.stdin!.write(`${JSON.stringify(command)}\n`);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.on('exit', resolve));
    this.child.stdin!.end();
    await exited;
  }
}

beforeAll(async () => {
  api = await startTestApi();
  outputsFile = writeClientOutputs(api, dir);
}, 60_000);

afterAll(async () => {
  await Promise.all(members.map((m) => m.stop()));
  await api?.app.settled();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

it(
  'members create and join a league with the aws-amplify client and watch its live board move with each result',
  { timeout: 120_000 },
  async () => {
    const names = ['ana', 'ben', 'cy'];
    const sub: Record<string, string> = {};
    for (const n of names) sub[n] = (await api.data(n, OP.updateMyProfile, { n })).updateMyProfile.id;
    const [ana, ben, cy] = names.map((n) => new Member(api.token(n)));

    const created = await ana.ask({ create: { name: 'Sofa League', seasonId: '2035' } });
    expect(created.league).toMatchObject({
      name: 'Sofa League',
      memberCount: 1,
      commissionerId: sub.ana,
      season: { id: '2035' },
    });
    expect((await ben.ask({ join: created.league.inviteCode })).league.memberCount).toBe(2);
    expect((await cy.ask({ join: created.league.inviteCode.toLowerCase() })).league.memberCount).toBe(3);
    expect((await cy.ask({ join: 'ZZZZZ-ZZZZZ' })).errors[0].errorType).toBe('InvalidCode');
    // A second league of another season, for one of them.
    expect((await ben.ask({ create: { name: 'Side Bet', seasonId: '2036' } })).league.season.id).toBe('2036');

    const card = await createCard(api, 3, undefined, '2035-05-01');
    const picks: Record<string, Record<string, number>> = {
      [sub.ana]: { [card.matches[0]]: 0, [card.matches[1]]: 1, [card.matches[2]]: 0 },
      [sub.ben]: { [card.matches[0]]: 1, [card.matches[1]]: 1, [card.matches[2]]: 0 },
      [sub.cy]: { [card.matches[0]]: 0, [card.matches[1]]: 0 },
    };
    for (const n of names) {
      await api.data(n, OP.savePrediction, {
        e: card.id,
        p: Object.entries(picks[sub[n]]).map(([matchId, team]) => ({ matchId, team })),
      });
    }
    const ask = { board: { leagueId: created.league.id, eventId: card.id } };
    expect((await ana.ask(ask)).board).toBeNull();
    await setState(api, card.id, 'BROADCAST');
    const results: Record<string, { winner: number; points: number }> = {};
    for (const [i, matchId] of card.matches.entries()) {
      await api.data(ADMIN, OP.setMatchResult, { e: card.id, m: matchId, w: 0 }, ADMIN_GROUPS);
      results[matchId] = { winner: 0, points: 10 };
      const expected = expectedBoard(picks, results);
      for (const member of [ana, ben, cy]) {
        const { board } = await member.ask(ask);
        expect(
          new Map(board.map((r: { userId: string; points: number; correct: number; rank: number }) => [r.userId, r])),
          `after result ${i + 1}`,
        ).toEqual(expected);
      }
    }
  },
);
