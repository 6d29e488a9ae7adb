/**
 * The demo season (scripts/demo) shows issue 43's league life: a league whose belt changed hands at
 * least twice, told in its chat by SYSTEM messages beside the players' own, and players with streaks,
 * awards on their predictions and trophies on their profiles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsername, loadDemoData } from '../../scripts/demo/load.ts';
import { demoLeagues } from '../../scripts/demo/leagues.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await loadDemoData(api.app);
}, 300_000);

afterAll(async () => {
  await api?.close();
});

const LEAGUES = `query { myLeagues { id name champion { displayName defenses }
  lineage(limit: 20) { items { userId displayName wonAtName defenses endedAt } }
  messages(limit: 50) { items { kind text } } } }`;
const PROFILE = `query { userProfile { streak { current best } trophies { award count }
  history(limit: 20) { items { eventName awards } } } }`;

describe('the demo season', () => {
  it('has a league whose belt changed hands twice, with its chat', async () => {
    const leagues = new Map<string, any>();
    for (const league of demoLeagues)
      for (const l of (await api.data(demoUsername(league.members[0]), LEAGUES)).myLeagues) leagues.set(l.name, l);
    const crew = leagues.get('All In Crew');
    expect(crew.lineage.items.length, JSON.stringify(crew.lineage)).toBeGreaterThanOrEqual(3);
    expect(crew.champion).not.toBeNull();
    const kinds = crew.messages.items.map((m: { kind: string }) => m.kind);
    expect(kinds).toContain('CHAT');
    expect(kinds.filter((k: string) => k === 'SYSTEM')).toHaveLength(4);
    expect(crew.messages.items.map((m: { text: string }) => m.text).join('\n')).toMatch(/the belt moves to /);
  });

  it('has streaks, awards and trophies', async () => {
    const profiles = [];
    for (let i = 0; i < 20; i++) profiles.push((await api.data(demoUsername(i), PROFILE)).userProfile);
    expect(profiles.some((p) => p.streak.best >= 3)).toBe(true);
    const awards = new Set(profiles.flatMap((p) => p.history.items.flatMap((h: { awards: string[] }) => h.awards)));
    expect(awards).toEqual(new Set(['TOP_SCORE', 'PERFECT_CARD', 'BOLDEST_CALL']));
    expect(profiles.some((p) => p.trophies.length > 0)).toBe(true);
  });
});
