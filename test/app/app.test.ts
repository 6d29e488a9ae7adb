/**
 * The web app (app/) in headless Chromium on the stack `npm start` runs, as players and admins use it:
 * sign in, pick and save, the bell locks the card, an admin runs the show and the player's page shows
 * each result and the leaderboard without a reload, an admin builds a card; at a phone's viewport
 * nothing scrolls sideways; no console errors (skipped only where Chromium is missing outside CI).
 * And client/example.ts, the calls the README gives an app, in Node on the same stack.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sharedInMemoryStorage } from 'aws-amplify/utils';
import { graphqlData } from 'appsync-local';
import * as example from '../../client/example.ts';
import { demoPlayers } from '../../scripts/demo/cards.ts';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { launchChromium, signInToApp, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const PHONE = { width: 390, height: 844 };
const PLAYER = 'player01';
const PLAYER_NAME = demoPlayers[0];

let stack: NpmStart;
const browsers: Browser[] = [];
let player: Page;
let admin: Page;
/** Every console error and uncaught exception of either page. */
const errors: string[] = [];

async function openAs(username: string): Promise<Page> {
  const browser = await launchChromium({ viewport: PHONE });
  browsers.push(browser);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${username}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${username}: ${e.message}`));
  await signInToApp(page, stack.appUrl, demoEmail(username), DEMO_PASSWORD);
  return page;
}

const asAdmin = <T = any>(query: string, variables: Record<string, unknown>) => graphqlData<T>(stack.apiUrl, stack.tokens.admin, query, variables);

/** An UPCOMING event with two matches whose bell rings `inMs` from now. */
async function eventWithBellIn(name: string, inMs: number): Promise<{ id: string; matches: string[] }> {
  const startsAt = new Date(Date.now() + inMs).toISOString();
  const { createEvent } = await asAdmin('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name, date: startsAt.slice(0, 10), startsAt },
  });
  const matches: string[] = [];
  for (const teams of [[['Will Ospreay']], [['Mercedes Moné'], ['Toni Storm']]] as string[][][]) {
    const input = { points: 10, teams: teams.map((members) => ({ members })).concat(teams.length === 1 ? [{ members: ['Kenny Omega'] }] : []) };
    const { addMatch } = await asAdmin('mutation ($e: ID!, $input: MatchInput!) { addMatch(eventId: $e, input: $input) { id } }', { e: createEvent.id, input });
    matches.push(addMatch.id);
  }
  return { id: createEvent.id, matches };
}

/** Page-side globals, typed here (the tests' TypeScript has no DOM library). */
type PageGlobals = { document: { documentElement: { scrollWidth: number } }; innerWidth: number; sameDocument?: boolean };
const scrollsSideways = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth > (globalThis as unknown as PageGlobals).innerWidth);
const match = (page: Page, index: number) => page.getByTestId('match').nth(index);

beforeAll(async () => {
  stack = await npmStart(['--in-memory']);
}, 240_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await stack?.stop();
});

describe('client/example.ts on npm start', () => {
  it('configures from the local outputs, signs in with USER_PASSWORD_AUTH and reads the demo player\'s picks', async () => {
    cognitoUserPoolsTokenProvider.setKeyValueStorage(sharedInMemoryStorage); // Node has no localStorage
    example.configureAmplify((await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).json()) as Parameters<typeof example.configureAmplify>[0]);
    expect(await example.signInWithEmail(demoEmail(PLAYER), DEMO_PASSWORD)).toBe(true);
    const upcoming = await example.upcomingEvents();
    expect(upcoming.map((e) => e.name)).toContain('AEW Worlds End');
    const card = await example.loadCard(upcoming.find((e) => e.name === 'AEW Worlds End')!.id);
    expect(card?.myPrediction?.picks.length).toBe(card?.matches.length); // player01 plays every demo event
  });
});

describe.skipIf(skipBrowserTests)('the web app in Chromium, on npm start', () => {
  beforeAll(async () => {
    [player, admin] = await Promise.all([openAs(PLAYER), openAs('admin')]);
  }, 60_000);

  it('is served at the printed App: URL with the local outputs beside it, and hides the admin screens from players', async () => {
    const outputs = (await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).json()) as { data: { url: string } };
    expect(outputs.data.url).toBe(stack.apiUrl);
    await expect.poll(() => admin.getByRole('link', { name: 'Admin' }).count()).toBe(1);
    expect(await player.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await player.getByRole('button', { name: 'Start the broadcast' }).count()).toBe(0);
  });

  it('shows the demo player their picks on the live event, its results and its provisional leaderboard', async () => {
    await player.getByRole('link', { name: /AEW Full Gear/ }).click();
    await player.getByRole('heading', { name: 'AEW Full Gear' }).waitFor();
    const matches = await player.getByTestId('match').count();
    expect(matches).toBe(4);
    expect(await player.locator('input[type=radio]:checked').count()).toBe(matches);
    expect(await player.locator('input[type=radio]:not([disabled])').count()).toBe(0);
    await expect.poll(() => match(player, 0).getByTestId('result').textContent()).toBe('Winner: Kyle Fletcher');
    expect(await player.getByRole('heading', { name: /Leaderboard/ }).textContent()).toContain('Provisional');
    expect(await player.getByTestId('leaderboard').locator('tbody tr').count()).toBeGreaterThan(10);
  });

  let show: { id: string; matches: string[] };

  it('a player picks and saves before the bell, and the bell locks the card', async () => {
    show = await eventWithBellIn('AEW Dynamite Test Night', 30_000);
    await player.goto(`${stack.appUrl}#/event/${show.id}`);
    await player.getByTestId('countdown').waitFor();
    await match(player, 0).getByLabel('Kenny Omega').check();
    await match(player, 1).getByLabel('Toni Storm').check();
    await player.getByRole('button', { name: 'Save picks' }).click();
    await player.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    const { eventCard } = await graphqlData<any>(stack.apiUrl, stack.tokens.player, 'query ($id: ID!) { eventCard(eventId: $id) { myPrediction { picks { matchId team } } } }', { id: show.id });
    expect(eventCard.myPrediction.picks).toEqual([{ matchId: show.matches[0], team: 1 }, { matchId: show.matches[1], team: 1 }]);

    await player.getByTestId('locked').waitFor({ timeout: 45_000 });
    expect(await player.locator('input[type=radio]:not([disabled])').count()).toBe(0);
    expect(await player.getByRole('button', { name: 'Save picks' }).count()).toBe(0);
  }, 90_000);

  it('an admin starts the show and enters results: the player sees each and the leaderboard move without a reload', async () => {
    await player.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true));
    await admin.goto(`${stack.appUrl}#/event/${show.id}`);
    await admin.getByRole('button', { name: 'Start the broadcast' }).click();
    await expect.poll(() => player.getByTestId('live-status').textContent(), { timeout: 10_000 }).toBe('Live updates: live');

    const started = Date.now();
    await match(admin, 0).getByLabel('Result').selectOption({ label: 'Kenny Omega wins' });
    await match(admin, 0).getByRole('button', { name: 'Set result' }).click();
    await expect.poll(() => match(player, 0).getByTestId('result').textContent(), { timeout: 10_000 }).toBe('Winner: Kenny Omega');
    const board = player.getByTestId('leaderboard').locator('tbody tr');
    await expect.poll(() => board.first().textContent(), { timeout: 20_000 }).toBe(`1${PLAYER_NAME}10`);
    console.log(`result to the player's leaderboard: ${Date.now() - started} ms`);
    expect(await player.getByRole('heading', { name: /Leaderboard/ }).textContent()).toContain('Provisional');

    await match(admin, 1).getByLabel('Result').selectOption({ label: 'Draw' });
    await match(admin, 1).getByRole('button', { name: 'Set result' }).click();
    await expect.poll(() => match(player, 1).getByTestId('result').textContent(), { timeout: 10_000 }).toBe('Draw');
    await admin.getByRole('button', { name: 'Score the event' }).click();
    await expect.poll(() => player.getByRole('heading', { name: /Leaderboard/ }).textContent(), { timeout: 20_000 }).toContain('Final');
    expect(await board.first().textContent()).toBe(`1${PLAYER_NAME}10`);
    expect(await player.evaluate(() => (globalThis as unknown as PageGlobals).sameDocument)).toBe(true);
  }, 60_000);

  it('an admin creates an event and builds and reorders its card', async () => {
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.getByLabel('Name').fill('AEW Collision Test');
    await admin.getByLabel('Date').fill('2031-05-01');
    await admin.getByLabel('The bell').fill('2031-05-01T20:00');
    await admin.getByRole('button', { name: 'Create event' }).click();
    await admin.getByRole('link', { name: 'Build its card' }).click();
    await admin.getByRole('heading', { name: 'Build the card' }).waitFor();
    for (const [name, teams] of [['Opener', 'Orange Cassidy\nKyle O\'Reilly'], ['Main Event', 'Sting & Darby Allin (c)\nMatthew Jackson & Nicholas Jackson']]) {
      await admin.getByLabel('Match name').fill(name);
      await admin.getByLabel('Teams').fill(teams);
      await admin.getByRole('button', { name: 'Add match' }).click();
      await expect.poll(() => admin.getByRole('status').filter({ hasText: /Match added/ }).count()).toBe(1);
      await admin.getByRole('list', { name: 'Card order' }).getByText(name).waitFor();
    }
    await admin.getByRole('button', { name: 'Move Main Event up' }).click();
    await expect.poll(() => admin.getByTestId('match').first().locator('legend').textContent()).toBe('1. Main Event');
    const id = decodeURIComponent(new URL(admin.url()).hash.split('/')[2]);
    const { eventCard } = await asAdmin('query ($id: ID!) { eventCard(eventId: $id) { event { startsAt } matches { name position teams { members champion } } } }', { id });
    expect(eventCard.matches.map((m: { name: string }) => m.name)).toEqual(['Main Event', 'Opener']);
    expect(eventCard.matches[0].teams[0]).toEqual({ members: ['Sting', 'Darby Allin'], champion: true });
    expect(Date.parse(eventCard.event.startsAt)).toBe(new Date('2031-05-01T20:00').getTime());
  }, 60_000);

  it('scrolls no screen sideways at 390 × 844', async () => {
    const screens = ['#/', '#/standings', '#/player', `#/event/${show.id}`];
    for (const hash of screens) {
      await player.goto(`${stack.appUrl}${hash}`);
      await player.waitForLoadState('networkidle');
      expect(await scrollsSideways(player), hash).toBe(false);
    }
    for (const hash of ['#/admin', `#/event/${show.id}`]) {
      await admin.goto(`${stack.appUrl}${hash}`);
      await admin.waitForLoadState('networkidle');
      expect(await scrollsSideways(admin), hash).toBe(false);
    }
  }, 60_000);

  it('logged no console error on any page', () => {
    expect(errors).toEqual([]);
  });
});
