/**
 * The command-line contract: `npm start -- --in-memory` serves the API with the demo season loaded
 * through the mutations and prints ready-to-paste tokens; Ctrl-C stops it cleanly; `npm run token`
 * prints a token the server accepts, with a sub that is stable for a username; `--empty` loads nothing.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { graphqlData } from 'appsync-local';
import { spawnStart } from '../../scripts/start-child.ts';

let child: ChildProcess;
let output = '';
let url: string;

function tokensIn(text: string): string[] {
  return text.match(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/gm) ?? [];
}

const readyUrl = (text: string) => text.match(/ready at (http:\/\/127\.0\.0\.1:\d+\/graphql)/)![1];

beforeAll(async () => {
  const started = await spawnStart(['--in-memory']);
  child = started.process;
  output = started.output();
  url = readyUrl(output);
}, 240_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('npm start -- --in-memory', () => {
  it('prints the URL and a player and an admin token, and serves the demo season', async () => {
    const [player, admin] = tokensIn(output);
    expect(player).toBeDefined();
    expect(admin).toBeDefined();
    const { events } = await graphqlData<{ events: { items: { name: string; state: string }[] } }>(
      url,
      player,
      '{ events(limit: 20) { items { name state } } }',
    );
    expect(events.items.length).toBeGreaterThanOrEqual(6);
    expect(events.items.map((e) => e.name)).toContain('AEW Revolution');
    expect(new Set(events.items.map((e) => e.state))).toEqual(new Set(['UPCOMING', 'BROADCAST', 'SCORED']));
    const { standings } = await graphqlData<{ standings: { items: { rank: number }[] } }>(
      url,
      player,
      '{ standings(season: 2024, limit: 100) { items { rank } } }',
    );
    expect(standings.items.length).toBeGreaterThanOrEqual(20);
    const ranks = standings.items.map((s) => s.rank);
    expect(new Set(ranks).size).toBeLessThan(ranks.length); // the demo season has ties
  });

  it('holds a scored Royal Rumble with questions, and a player who called all of the Final Four', async () => {
    const [player] = tokensIn(output);
    type Row = { displayName: string; points: number; questionScores: { questionId: string; points: number }[] };
    const { events } = await graphqlData<{ events: { items: { id: string; name: string; state: string }[] } }>(
      url,
      player,
      '{ events(limit: 20) { items { id name state } } }',
    );
    const rumble = events.items.find((e) => e.name === 'WWE Royal Rumble')!;
    expect(rumble.state).toBe('SCORED');
    const { eventCard } = await graphqlData<{
      eventCard: {
        questions: { id: string; kind: string; options: string[]; answer: { options: number[] } | null }[];
        leaderboard: { items: Row[] };
      };
    }>(
      url,
      player,
      `query($e: ID!) { eventCard(eventId: $e) {
        questions { id kind options answer { options number } }
        leaderboard(limit: 100) { items { displayName points questionScores { questionId points } } } } }`,
      { e: rumble.id },
    );
    expect(eventCard.questions.map((q) => q.kind)).toEqual(['MULTI', 'NUMBER', 'CHOICE']);
    const [finalFour] = eventCard.questions;
    expect(finalFour.options).toHaveLength(30);
    expect(finalFour.answer!.options).toHaveLength(4);
    const calledAll = eventCard.leaderboard.items.filter(
      (r) => r.questionScores.find((q) => q.questionId === finalFour.id)!.points === 20,
    );
    expect(calledAll.map((r) => r.displayName)).toContain('Jordan Lee');
  });

  it('accepts tokens from npm run token, with a stable sub', async () => {
    // Asynchronous: a blocked event loop would keep the client from retiring idle keep-alive sockets.
    const token = async () =>
      (
        await promisify(execFile)('npm', ['run', '--silent', 'token', '--', 'cli-tester'], { cwd: repoRoot })
      ).stdout.trim();
    const query = '{ userProfile { user { id displayName } } }';
    const first = await graphqlData<{ userProfile: { user: { id: string } } }>(url, await token(), query);
    const second = await graphqlData<{ userProfile: { user: { id: string } } }>(url, await token(), query);
    expect(first.userProfile.user.id).toBe(second.userProfile.user.id);
    expect(first.userProfile.user).toMatchObject({ displayName: 'cli-tester' });
  });

  it('stops cleanly on SIGINT', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('npm start -- --in-memory --empty --no-watch', () => {
  it('serves an empty database, without loading the demo season and without hot reload', async () => {
    const { output: text, stop } = await spawnStart(['--in-memory', '--empty', '--no-watch']);
    try {
      const [player] = tokensIn(text());
      expect(text()).not.toContain('loading the demo season');
      expect(text()).toContain('Hot reload:       off');
      const { events } = await graphqlData<{ events: { items: unknown[] } }>(
        readyUrl(text()),
        player,
        '{ events(limit: 20) { items { id } } }',
      );
      expect(events.items).toEqual([]);
    } finally {
      await stop();
    }
  }, 120_000);
});
