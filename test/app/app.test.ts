/**
 * The web app (app/) in headless Chromium on the stack `npm start` runs, as players and admins use it:
 * sign in, pick and save, the bell locks the card, an admin runs the show and the player's page shows
 * each result and the leaderboard without a reload, an admin builds a card; at a phone's viewport
 * leagues: one created, joined by its /join/<code> link (signing in on the way), its table, its event
 * board moving live, a wrong code and a rotated code refused; at 360 and 390 px nothing scrolls
 * sideways; no console errors (skipped only where Chromium is missing outside CI).
 * And client/example.ts, an app's calls (configured and signed in as docs/clients.md shows), in Node
 * on the same stack.
 */
import type { Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sharedInMemoryStorage } from 'aws-amplify/utils';
import { graphqlData } from 'appsync-local';
import * as example from '@pickem/client/example';
import { palettes } from '@pickem/client/design/tokens';
import { demoPlayers } from '../../scripts/demo/cards.ts';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import {
  askThenConfirm,
  launchChromium,
  signInToApp,
  skipBrowserTests,
  type Browser,
} from '../../scripts/app-browser.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 800 };
/** `#f6f5fb` as a computed style says it: `rgb(246, 245, 251)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const PLAYER = 'player01';
const PLAYER_NAME = demoPlayers[0];
const SECOND = 'player02';
const SECOND_NAME = demoPlayers[1];

let stack: NpmStart;
const browsers: Browser[] = [];
let player: Page;
let admin: Page;
/** Every console error and uncaught exception of either page. */
const errors: string[] = [];

/** A fresh browser signed in as `username` on `url` (the app's first screen unless told). */
async function openAs(username: string, url = stack.appUrl): Promise<Page> {
  const browser = await launchChromium({ viewport: PHONE });
  browsers.push(browser);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${username}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${username}: ${e.message}`));
  await signInToApp(page, url, demoEmail(username), DEMO_PASSWORD);
  return page;
}

const asAdmin = <T = any>(query: string, variables: Record<string, unknown>) =>
  graphqlData<T>(stack.apiUrl, stack.tokens.admin, query, variables);

/** An UPCOMING event with two matches whose bell rings `inMs` from now. */
async function eventWithBellIn(
  name: string,
  inMs: number,
): Promise<{ id: string; matches: string[]; startsAt: string }> {
  const startsAt = new Date(Date.now() + inMs).toISOString();
  const { createEvent } = await asAdmin('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name, date: startsAt.slice(0, 10), startsAt },
  });
  const matches: string[] = [];
  for (const teams of [[['Will Ospreay']], [['Mercedes Moné'], ['Toni Storm']]] as string[][][]) {
    const input = {
      points: 10,
      teams: teams.map((members) => ({ members })).concat(teams.length === 1 ? [{ members: ['Kenny Omega'] }] : []),
    };
    const { addMatch } = await asAdmin(
      'mutation ($e: ID!, $input: MatchInput!) { addMatch(eventId: $e, input: $input) { id } }',
      { e: createEvent.id, input },
    );
    matches.push(addMatch.id);
  }
  return { id: createEvent.id, matches, startsAt };
}

/** Page-side globals, typed here (the tests' TypeScript has no DOM library). */
type PageGlobals = {
  document: { documentElement: { scrollWidth: number } };
  innerWidth: number;
  sameDocument?: boolean;
};
const scrollsSideways = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth >
      (globalThis as unknown as PageGlobals).innerWidth,
  );
const match = (page: Page, index: number) => page.getByTestId('match').nth(index);
/** Whether leaving the page now (a reload, closing the tab) would ask first: a beforeunload listener cancels it. */
const wouldAskBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as { Event: new (type: string, init: object) => { defaultPrevented: boolean } };
    const event = new g.Event('beforeunload', { cancelable: true });
    (globalThis as unknown as { dispatchEvent(e: unknown): void }).dispatchEvent(event);
    return event.defaultPrevented;
  });
/** The text of the element that has the keyboard focus. */
const activeText = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement
        ?.textContent,
  );
/** An admin enters a match's result: `winner` is the winning team's index. */
const setResult = (eventId: string, matchId: string, winner: number) =>
  asAdmin(
    'mutation ($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w, outcome: WIN) { id } }',
    {
      e: eventId,
      m: matchId,
      w: winner,
    },
  );
const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr');
/** A table's rows as text without the players' picks under their names (those are read by picksOf) or their awards. */
const figuresOf = (page: Page, testId: string) =>
  rowsOf(page, testId).evaluateAll((rows: any[]) =>
    rows.map((row) => {
      const copy = row.cloneNode(true);
      for (const extra of copy.querySelectorAll('.player-picks, details, [data-testid="row-awards"]')) extra.remove();
      return copy.textContent as string;
    }),
  );
/** Each pick shown in a table's row: `<position>. <team> <right|wrong|open|none>`. */
const picksOf = (row: Locator) =>
  row
    .getByTestId('player-pick')
    .evaluateAll((picks: any[]) =>
      picks.map(
        (p) =>
          `${p.querySelector('.pos').textContent} ${p.title.split(': ')[1]?.split(',')[0] ?? 'none'} ${p.dataset.mark}`,
      ),
    );
/** What a player reads for InvalidCode (app/src/api.ts). */
const INVALID_CODE = /^No league has this invite code\./;

beforeAll(async () => {
  stack = await npmStart(['--in-memory']);
}, 240_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await stack?.stop();
});

describe('client/example.ts on npm start', () => {
  it("configures from the local outputs, signs in with USER_PASSWORD_AUTH and reads the demo player's picks", async () => {
    cognitoUserPoolsTokenProvider.setKeyValueStorage(sharedInMemoryStorage); // Node has no localStorage
    example.configureAmplify(
      (await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).json()) as Parameters<
        typeof example.configureAmplify
      >[0],
    );
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
    const outputs = (await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).json()) as {
      data: { url: string };
    };
    expect(outputs.data.url).toBe(stack.apiUrl);
    await expect.poll(() => admin.getByRole('link', { name: 'Admin' }).count()).toBe(1);
    expect(await player.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await player.getByRole('button', { name: 'Start the broadcast' }).count()).toBe(0);
  });

  it("sends the events list's two queries with the page, before the app's script runs, and the app takes their answers", async () => {
    const sent: string[] = [];
    const onRequest = (req: { url(): string; postData(): string | null }) => {
      const name = /^\s*query (\w+)/.exec(JSON.parse(req.postData() ?? '{}').query ?? '')?.[1];
      if (req.url() === stack.apiUrl && name) sent.push(name);
    };
    player.on('request', onRequest);
    try {
      await player.goto(`${stack.appUrl}#/`);
      await player.reload();
      await player.getByRole('link', { name: /AEW Full Gear/ }).waitFor();
      await player.getByTestId('events-past').locator('li').first().waitFor();
    } finally {
      player.off('request', onRequest);
    }
    // Once each: the app's own calls were answered by the page's early requests (app/src/early-queries.ts).
    expect(sent.filter((q) => q === 'UpcomingEvents' || q === 'Events').sort()).toEqual(['Events', 'UpcomingEvents']);
  });

  it('shows the demo player their picks on the live event, its results and its provisional leaderboard', async () => {
    await player.getByRole('link', { name: /AEW Full Gear/ }).click();
    await player.getByRole('heading', { name: 'AEW Full Gear' }).waitFor();
    const matches = await player.getByTestId('match').count();
    expect(matches).toBe(4);
    // The matches' picks (the event's "who takes the fall" question has the player's answer too).
    expect(await player.getByTestId('match').locator('input[type=radio]:checked').count()).toBe(matches);
    expect(await player.locator('input[type=radio]:not([disabled])').count()).toBe(0);
    await expect.poll(() => match(player, 0).getByTestId('result').textContent()).toBe('Winner: Kyle Fletcher');
    expect(await player.getByRole('heading', { name: /Leaderboard/ }).textContent()).toContain('Provisional');
    expect(await player.getByTestId('leaderboard').locator('tbody tr').count()).toBeGreaterThan(10);
  });

  let show: { id: string; matches: string[]; startsAt: string };

  it('a player picks and saves before the bell', async () => {
    show = await eventWithBellIn('AEW Dynamite Test Night', 30_000);
    // The events list warns of the event locking soon with picks missing, and links to it.
    await player.goto(`${stack.appUrl}#/`);
    await player.reload();
    const listWarning = player.getByTestId('lock-warning');
    await expect
      .poll(() => listWarning.textContent())
      .toBe('AEW Dynamite Test Night: Locks in 1 min, 2 matches unpicked');
    await listWarning.getByRole('link').click();
    await player.getByTestId('countdown').waitFor();
    await expect
      .poll(() => player.getByTestId('lock-warning').textContent())
      .toBe('Locks in 1 min, 2 matches unpicked');
    await match(player, 0).getByLabel('Kenny Omega').check();
    await player.getByRole('button', { name: 'Save picks' }).click();
    await expect.poll(() => player.getByTestId('lock-warning').textContent()).toBe('Locks in 1 min, 1 match unpicked');
    await match(player, 1).getByLabel('Toni Storm').check();
    await player.getByRole('button', { name: 'Save picks' }).click();
    await player.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    expect(await player.getByTestId('lock-warning').count()).toBe(0);
    const { eventCard } = await graphqlData<any>(
      stack.apiUrl,
      stack.tokens.player,
      'query ($id: ID!) { eventCard(eventId: $id) { myPrediction { picks { matchId team } } } }',
      { id: show.id },
    );
    expect(eventCard.myPrediction.picks).toEqual([
      { matchId: show.matches[0], team: 1 },
      { matchId: show.matches[1], team: 1 },
    ]);
  });

  // While the bell is still to ring on the show: a league of this year, with the player and a second one.
  let second: Page;
  let league: { id: string; code: string; link: string };

  it('a player creates a league; a second player opens its /join/<code> link, signs in, joins; both see its table', async () => {
    await player.getByRole('link', { name: 'Leagues' }).click();
    await player.getByLabel('League name').fill('Dynamite Test League');
    await player.getByLabel('Season').selectOption(String(new Date().getUTCFullYear()));
    await player.getByRole('button', { name: 'Create league' }).click();
    await player.getByRole('heading', { name: 'Dynamite Test League' }).waitFor();
    const code = (await player.getByTestId('league-code').textContent())!;
    league = {
      id: decodeURIComponent(new URL(player.url()).hash.split('/')[2]),
      code,
      link: `${stack.appUrl}join/${code}`,
    };
    expect(await player.getByTestId('league-link').textContent()).toBe(league.link);

    // Signed out on the link: the sign-in form, then the invite.
    second = await openAs(SECOND, league.link);
    expect(new URL(second.url()).hash).toBe(`#/join/${code}`);
    expect(await second.getByTestId('invite-code').textContent()).toBe(code);
    // The invite names its league, season, commissioner and members before Join (leaguePreview).
    await expect
      .poll(() => second.getByTestId('league-preview').textContent())
      .toBe(`LeagueDynamite Test LeagueSeason${new Date().getUTCFullYear()}Commissioner${PLAYER_NAME}Members1 of 30`);
    await second.getByRole('button', { name: 'Join Dynamite Test League' }).click();
    await second.getByRole('heading', { name: 'Dynamite Test League' }).waitFor();
    expect(new URL(second.url()).hash).toBe(`#/league/${league.id}`);
    expect(await second.getByTestId('league-commissioner').textContent()).toBe(`Commissioner: ${PLAYER_NAME}`);
    // The table as the API ranks it (the year's live event already counts, provisionally), the viewer's row marked.
    const { league: api } = await asAdmin<{
      league: { standings: { rank: number; displayName: string; points: number; eventsPlayed: number }[] };
    }>('query ($id: ID!) { league(leagueId: $id) { standings { rank displayName points eventsPlayed } } }', {
      id: league.id,
    });
    expect(api.standings.map((s) => s.displayName).sort()).toEqual([PLAYER_NAME, SECOND_NAME].sort());
    const table = (viewer: string) =>
      api.standings.map(
        (s) => `${s.rank}${s.displayName}${s.displayName === viewer ? ' (you)' : ''}${s.points}${s.eventsPlayed}`,
      );
    expect(await rowsOf(second, 'league-table').allTextContents()).toEqual(table(SECOND_NAME));
    expect(await second.locator('[data-testid=league-table] tr[aria-current=true]').textContent()).toContain(
      SECOND_NAME,
    );

    await player.reload();
    await expect.poll(() => rowsOf(player, 'league-table').allTextContents()).toEqual(table(PLAYER_NAME));
    expect(await player.locator('[data-testid=league-table] tr[aria-current=true]').textContent()).toContain(
      `${PLAYER_NAME} (you)`,
    );
    await player.getByRole('link', { name: 'Leagues' }).click();
    await player
      .getByRole('link', { name: /Dynamite Test League/ })
      .getByText('2 members')
      .waitFor();
  }, 60_000);

  it('a wrong code shows the InvalidCode message, and joins nothing', async () => {
    await second.goto(`${stack.appUrl}#/leagues`);
    await second.getByLabel('Invite code').fill('ZZZZZ-ZZZZZ');
    await second.getByRole('button', { name: 'Join league' }).click();
    await expect.poll(() => second.getByRole('status').filter({ hasText: INVALID_CODE }).count()).toBe(1);
    expect(new URL(second.url()).hash).toBe('#/leagues');
  });

  it('the bell locks the card, and a league board opened before it shows the picks when it rings', async () => {
    await second.goto(`${stack.appUrl}#/league/${league.id}/event/${show.id}`);
    await second.getByText("The members' picks show here once they lock at the bell.").waitFor();
    expect(Date.parse(show.startsAt) - Date.now(), 'the bell is still to ring').toBeGreaterThan(0);
    await second.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true));
    await player.goto(`${stack.appUrl}#/event/${show.id}`);
    await player.getByTestId('locked').waitFor({ timeout: 45_000 });
    expect(await player.locator('input[type=radio]:not([disabled])').count()).toBe(0);
    expect(await player.getByRole('button', { name: 'Save picks' }).count()).toBe(0);
    await expect.poll(() => figuresOf(second, 'league-board'), { timeout: 10_000 }).toEqual([`–${PLAYER_NAME}––`]);
    // The picks revealed at the bell, on the board opened before it.
    expect(await picksOf(rowsOf(second, 'league-board').first())).toEqual([
      '1. Kenny Omega open',
      '2. Toni Storm open',
    ]);
    expect(await second.evaluate(() => (globalThis as unknown as PageGlobals).sameDocument)).toBe(true);
  }, 60_000);

  it("the commissioner sees who has not picked the season's next event, by name only, and nudges them", async () => {
    const next = await eventWithBellIn('AEW Collision Nudge Night', 10 * 60_000);
    await graphqlData(
      stack.apiUrl,
      stack.tokens.player,
      'mutation ($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) { eventId } }',
      { e: next.id, p: [{ matchId: next.matches[0], team: 0 }] },
    );
    await player.goto(`${stack.appUrl}#/league/${league.id}`);
    const section = player.getByTestId('missing-picks');
    await section.getByRole('heading', { name: 'Not picked yet for AEW Collision Nudge Night' }).waitFor();
    // Both members lack a complete card (the commissioner picked one match of two); no pick is shown.
    expect((await section.getByRole('listitem').allTextContents()).sort()).toEqual(
      [`${PLAYER_NAME} (app only)`, `${SECOND_NAME} (app only)`].sort(),
    );
    // No demo player has email reminders on: both get the app's notice only, and the button says so first.
    await section.getByRole('button', { name: 'Nudge 2 members (in the app only)' }).click();
    await section.getByRole('status').filter({ hasText: 'Nudged 2 members in the app.' }).waitFor();
    // Back to the show's page, where the next test follows the results.
    await player.goto(`${stack.appUrl}#/event/${show.id}`);
    await player.getByTestId('locked').waitFor();
  });

  it('an admin starts the show and enters results: the player sees each and the leaderboard move without a reload', async () => {
    await second.goto(`${stack.appUrl}#/league/${league.id}/event/${show.id}`);
    const leagueBoard = rowsOf(second, 'league-board');
    await leagueBoard.first().waitFor();
    expect(await figuresOf(second, 'league-board')).toEqual([`–${PLAYER_NAME}––`]); // after the bell: picks, no points or rank yet
    for (const page of [player, second])
      await page.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true));
    await admin.goto(`${stack.appUrl}#/event/${show.id}`);
    await admin.getByRole('button', { name: 'Start the broadcast' }).click();
    await expect
      .poll(() => player.getByTestId('live-status').textContent(), { timeout: 10_000 })
      .toBe('Live updates: live');
    await expect
      .poll(() => second.getByTestId('league-live-status').textContent(), { timeout: 10_000 })
      .toBe(' · Live updates: live');
    await expect.poll(() => figuresOf(second, 'league-board')).toEqual([`1${PLAYER_NAME}00`]);

    const started = Date.now();
    await match(admin, 0).getByLabel('Result').selectOption({ label: 'Kenny Omega wins' });
    await match(admin, 0).getByRole('button', { name: 'Set result' }).click();
    await expect
      .poll(() => match(player, 0).getByTestId('result').textContent(), { timeout: 10_000 })
      .toBe('Winner: Kenny Omega');
    expect(await match(player, 0).getByTestId('pick-outcome').textContent()).toBe('Your pick won: +10 pts.');
    const board = player.getByTestId('leaderboard').locator('tbody tr');
    // Rank, name, correct, points, and the points still possible (the second match's 10).
    await expect
      .poll(async () => (await figuresOf(player, 'leaderboard'))[0], { timeout: 20_000 })
      .toBe(`1${PLAYER_NAME} (you)11010`);
    // The player's own figures follow the board without a reload.
    await expect
      .poll(() => player.getByTestId('my-points').textContent(), { timeout: 10_000 })
      .toBe('Your points: 10 (1 correct, rank 1); still possible: +10');
    console.log(`result to the player's leaderboard: ${Date.now() - started} ms`);
    // The league's board, on another player's page: rank, name, correct, points.
    await expect.poll(() => figuresOf(second, 'league-board'), { timeout: 10_000 }).toEqual([`1${PLAYER_NAME}110`]);
    // Marked right as the result came in, live.
    expect(await picksOf(leagueBoard.first())).toEqual(['1. Kenny Omega right', '2. Toni Storm open']);
    expect(await second.getByRole('heading', { name: /AEW Dynamite Test Night/ }).textContent()).toContain(
      'Provisional',
    );
    expect(await player.getByRole('heading', { name: /Leaderboard/ }).textContent()).toContain('Provisional');

    await match(admin, 1).getByLabel('Result').selectOption({ label: 'Draw' });
    await match(admin, 1).getByRole('button', { name: 'Set result' }).click();
    await expect.poll(() => match(player, 1).getByTestId('result').textContent(), { timeout: 10_000 }).toBe('Draw');
    expect(await match(player, 1).getByTestId('pick-outcome').textContent()).toBe('No points: a draw.');
    await admin.getByRole('button', { name: 'Score the event' }).click();
    await expect
      .poll(() => player.getByRole('heading', { name: /Leaderboard/ }).textContent(), { timeout: 20_000 })
      .toContain('Final');
    expect((await figuresOf(player, 'leaderboard'))[0]).toBe(`1${PLAYER_NAME} (you)110`);
    // Scored: the only player's row carries the event's awards (all right but a draw: a perfect card).
    expect(await board.first().getByTestId('row-awards').textContent()).toBe('Perfect card · Top score · Boldest call');
    // A leaderboard row opens that player's picks.
    await board.first().getByText('Picks').click();
    // The second match was a draw: the pick is voided, not wrong.
    expect(await picksOf(board.first())).toEqual(['1. Kenny Omega right', '2. Toni Storm voided']);
    await expect
      .poll(() => second.getByRole('heading', { name: /AEW Dynamite Test Night/ }).textContent(), { timeout: 20_000 })
      .not.toContain('Provisional');
    expect(await figuresOf(second, 'league-board')).toEqual([`1${PLAYER_NAME}110`]);
    expect(await picksOf(leagueBoard.first())).toEqual(['1. Kenny Omega right', '2. Toni Storm voided']);
    for (const page of [player, second])
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).sameDocument)).toBe(true);
  }, 60_000);

  it('the commissioner rotates the code: the old link is refused, the new one joins', async () => {
    await player.goto(`${stack.appUrl}#/league/${league.id}`);
    // The commissioner's page says who the commissioner is; each tool asks once more before it acts.
    expect(await player.getByTestId('league-commissioner').textContent()).toBe('Commissioner: you');
    expect(await player.getByTestId('league-code').textContent()).toBe(league.code);
    await askThenConfirm(
      player,
      player.getByRole('button', { name: 'New invite code' }),
      player.getByRole('button', { name: /^Yes, replace the code/ }),
    );
    await expect.poll(() => player.getByTestId('league-code').textContent()).not.toBe(league.code);
    const code = (await player.getByTestId('league-code').textContent())!;

    // The old link says so before any Join: no button, the InvalidCode message.
    await admin.goto(league.link);
    await expect.poll(() => admin.getByRole('alert').filter({ hasText: INVALID_CODE }).count()).toBe(1);
    expect(await admin.getByRole('button', { name: /^Join/ }).count()).toBe(0);
    await admin.goto(`${stack.appUrl}join/${code}`);
    await admin.getByRole('button', { name: 'Join Dynamite Test League' }).click();
    await admin.getByRole('heading', { name: 'Dynamite Test League' }).waitFor();
    expect(await rowsOf(admin, 'league-table').count()).toBe(3);
  }, 60_000);

  it('the commissioner removes a member, who cannot rejoin by code until the commissioner lets them back in', async () => {
    const { userProfile } = await asAdmin<{ userProfile: { user: { id: string } } }>(
      '{ userProfile { user { id } } }',
      {},
    );
    // Read again: the admin joined since the commissioner's page loaded.
    await player.reload();
    await expect.poll(() => rowsOf(player, 'league-table').count()).toBe(3);
    const code = (await player.getByTestId('league-code').textContent())!;
    await player.getByRole('region', { name: 'Commissioner' }).getByLabel('Member').selectOption(userProfile.user.id);
    await askThenConfirm(
      player,
      player.getByRole('button', { name: 'Remove member' }),
      player.getByRole('button', { name: /^Yes, remove / }),
    );
    await player.getByRole('status').filter({ hasText: 'cannot rejoin with the invite code' }).waitFor();

    await admin.goto(`${stack.appUrl}join/${code}`);
    await admin.getByRole('button', { name: 'Join Dynamite Test League' }).click();
    await expect
      .poll(() => admin.getByRole('status').filter({ hasText: 'Ask its commissioner to let you back in' }).count())
      .toBe(1);

    await player.getByRole('button', { name: /back in$/ }).click();
    await player.getByRole('status').filter({ hasText: 'may join again with the invite code' }).waitFor();
    await admin.getByRole('button', { name: 'Join Dynamite Test League' }).click();
    await admin.getByRole('heading', { name: 'Dynamite Test League' }).waitFor();
    expect(await rowsOf(admin, 'league-table').count()).toBe(3);
  }, 60_000);

  // A player's changed picks: an unsaved state, and a question before leaving the page with them.
  it('a changed pick reads as unsaved, and leaving the page with it asks first', async () => {
    const later = await eventWithBellIn('AEW Rampage Unsaved Night', 3_600_000);
    await second.goto(`${stack.appUrl}#/event/${later.id}`);
    await second.getByTestId('countdown').waitFor();
    await match(second, 0).getByLabel('Kenny Omega').check();
    await match(second, 1).getByLabel('Toni Storm').check();
    await second.getByRole('button', { name: 'Save picks' }).click();
    await second.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    expect(await wouldAskBeforeUnload(second)).toBe(false);

    await match(second, 1).getByLabel('Mercedes Moné').check();
    await expect
      .poll(() =>
        second
          .getByRole('status')
          .filter({ hasText: /^Unsaved changes: Save picks/ })
          .count(),
      )
      .toBe(1);
    expect(await second.getByRole('status').filter({ hasText: 'Picks saved' }).count()).toBe(0);
    expect(await wouldAskBeforeUnload(second)).toBe(true);
    // In-app navigation asks; declined, the page and the changed pick stay.
    const asked: string[] = [];
    const answer = (dialog: Dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    };
    second.on('dialog', answer);
    await second.getByRole('link', { name: 'Leagues' }).click();
    await expect.poll(() => asked.length).toBe(1);
    second.off('dialog', answer);
    expect(asked[0]).toMatch(/unsaved/i);
    // The page puts the address back once the question is dismissed, a moment after it was asked.
    await expect.poll(() => new URL(second.url()).hash).toBe(`#/event/${later.id}`);
    expect(await match(second, 1).getByLabel('Mercedes Moné').isChecked()).toBe(true);
    // Back as saved: no unsaved state, nothing asked.
    await match(second, 1).getByLabel('Toni Storm').check();
    await expect
      .poll(() =>
        second
          .getByRole('status')
          .filter({ hasText: /^Unsaved changes/ })
          .count(),
      )
      .toBe(0);
    expect(await wouldAskBeforeUnload(second)).toBe(false);
    await match(second, 1).getByLabel('Mercedes Moné').check();
    await second.getByRole('button', { name: 'Save picks' }).click();
    await second.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    expect(await wouldAskBeforeUnload(second)).toBe(false);
  }, 60_000);

  let rampage: { id: string; matches: string[]; startsAt: string };

  it('a player who saves picks and keeps the page open gets their row marked and their points, without a reload', async () => {
    rampage = await eventWithBellIn('AEW Rampage Test Night', 600_000);
    await second.goto(`${stack.appUrl}#/event/${rampage.id}`);
    await second.getByTestId('countdown').waitFor();
    await match(second, 0).getByLabel('Kenny Omega').check();
    await match(second, 1).getByLabel('Toni Storm').check();
    await second.getByRole('button', { name: 'Save picks' }).click();
    await second.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    await second.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true));
    await asAdmin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
      input: { id: rampage.id, state: 'BROADCAST' },
    });
    await expect
      .poll(() => second.getByTestId('live-status').textContent(), { timeout: 10_000 })
      .toBe('Live updates: live');
    await setResult(rampage.id, rampage.matches[0], 1);
    await expect
      .poll(async () => (await figuresOf(second, 'leaderboard'))[0], { timeout: 10_000 })
      .toBe(`1${SECOND_NAME} (you)11010`);
    await expect
      .poll(() => second.getByTestId('my-points').textContent(), { timeout: 10_000 })
      .toBe('Your points: 10 (1 correct, rank 1); still possible: +10');
    expect(await second.evaluate(() => (globalThis as unknown as PageGlobals).sameDocument)).toBe(true);
  }, 60_000);

  it("the league's table follows the event's live updates, as its board does, without a reload", async () => {
    await player.goto(`${stack.appUrl}#/league/${league.id}/event/${rampage.id}`);
    await player.reload(); // the league's page was open before this event was created: read its events
    await expect
      .poll(() => player.getByTestId('league-live-status').textContent(), { timeout: 10_000 })
      .toBe(' · Live updates: live');
    await rowsOf(player, 'league-table').first().waitFor();
    const before = await rowsOf(player, 'league-table').allTextContents();
    await player.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true));
    await setResult(rampage.id, rampage.matches[1], 1);
    await asAdmin('mutation ($e: ID!) { scoreEvent(eventId: $e) { finished } }', { e: rampage.id });
    await expect
      .poll(() => player.getByRole('heading', { name: /AEW Rampage Test Night/ }).textContent(), { timeout: 10_000 })
      .not.toContain('Provisional');
    await expect.poll(() => figuresOf(player, 'league-board')).toEqual([`1${SECOND_NAME}220`]);
    const { league: api } = await asAdmin<{
      league: { standings: { rank: number; displayName: string; points: number; eventsPlayed: number }[] };
    }>('query ($id: ID!) { league(leagueId: $id) { standings { rank displayName points eventsPlayed } } }', {
      id: league.id,
    });
    // The two players' rows (the admin's name is an id, shown in the app's short form).
    const named = (rows: string[]) => rows.filter((r) => r.includes(PLAYER_NAME) || r.includes(SECOND_NAME));
    const table = named(
      api.standings.map(
        (s) => `${s.rank}${s.displayName}${s.displayName === PLAYER_NAME ? ' (you)' : ''}${s.points}${s.eventsPlayed}`,
      ),
    );
    expect(table).toContain(`1${SECOND_NAME}201`);
    expect(table).not.toEqual(named(before));
    await expect
      .poll(async () => named(await rowsOf(player, 'league-table').allTextContents()), { timeout: 10_000 })
      .toEqual(table);
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
    for (const [name, teams] of [
      ['Opener', "Orange Cassidy\nKyle O'Reilly"],
      ['Main Event', 'Sting & Darby Allin (c)\nThe Young Bucks: Matthew Jackson & Nicholas Jackson'],
      ['Dark Match', 'Action Andretti\nLee Johnson'],
    ]) {
      await admin.getByLabel('Match name').fill(name);
      await admin.getByLabel('Teams').fill(teams);
      await admin.getByRole('button', { name: 'Add match' }).click();
      await expect
        .poll(() =>
          admin
            .getByRole('status')
            .filter({ hasText: /Match added/ })
            .count(),
        )
        .toBe(1);
      await admin.getByRole('list', { name: 'Card order' }).getByText(name).waitFor();
    }
    // Removing is asked twice: Cancel keeps the match, the second button removes it.
    const order = admin.getByRole('list', { name: 'Card order' });
    await admin.getByRole('button', { name: 'Remove Dark Match' }).click();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    expect(await order.locator('li').allTextContents()).toEqual([
      expect.stringContaining('Opener'),
      expect.stringContaining('Main Event'),
      expect.stringContaining('Dark Match'),
    ]);
    await admin.getByRole('button', { name: 'Remove Dark Match' }).click();
    await admin.getByRole('button', { name: 'Yes, remove Dark Match' }).click();
    await expect.poll(() => order.locator('li').count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(() =>
        admin
          .getByRole('status')
          .filter({ hasText: /Match removed/ })
          .count(),
      )
      .toBe(1);
    // By keyboard: the focus stays on the button pressed, through the request and at the top of the card.
    await admin.getByRole('button', { name: 'Move Main Event up' }).focus();
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByTestId('match').first().locator('legend').textContent(), { timeout: 10_000 })
      .toBe('1. Main Event');
    await expect
      .poll(() =>
        admin
          .getByRole('status')
          .filter({ hasText: /Card reordered/ })
          .count(),
      )
      .toBe(1);
    type FocusWindow = { document: { activeElement: { getAttribute(name: string): string | null } | null } };
    expect(
      await admin.evaluate(() =>
        (globalThis as unknown as FocusWindow).document.activeElement?.getAttribute('aria-label'),
      ),
    ).toBe('Move Main Event up');
    // Pressed again at the top, it does nothing.
    await admin.keyboard.press('Enter');
    expect(await admin.getByRole('list', { name: 'Card order' }).locator('li').first().textContent()).toContain(
      'Main Event',
    );
    // Editing a match: its form opens filled in (a named team as "Name: members"); saved, the card changes.
    await admin.getByRole('button', { name: 'Edit Main Event' }).click();
    const edit = admin.getByRole('form', { name: 'Edit Main Event' });
    expect(await edit.getByLabel('Teams').inputValue()).toBe(
      'Sting & Darby Allin (c)\nThe Young Bucks: Matthew Jackson & Nicholas Jackson',
    );
    await edit.getByLabel('Points').fill('30');
    await edit.getByLabel('Teams').fill('Sting & Darby Allin (c)\nThe Elite: Matthew Jackson & Nicholas Jackson');
    await edit.getByRole('button', { name: 'Save match' }).click();
    await expect
      .poll(() =>
        admin
          .getByRole('status')
          .filter({ hasText: /Match saved/ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => match(admin, 0).textContent()).toContain('The Elite');
    const id = decodeURIComponent(new URL(admin.url()).hash.split('/')[2]);
    const { eventCard } = await asAdmin(
      'query ($id: ID!) { eventCard(eventId: $id) { event { startsAt } matches { name position points teams { name members champion } } } }',
      { id },
    );
    expect(eventCard.matches.map((m: { name: string }) => m.name)).toEqual(['Main Event', 'Opener']);
    expect(eventCard.matches[0].points).toBe(30);
    expect(eventCard.matches[0].teams).toEqual([
      { name: null, members: ['Sting', 'Darby Allin'], champion: true },
      { name: 'The Elite', members: ['Matthew Jackson', 'Nicholas Jackson'], champion: false },
    ]);
    expect(Date.parse(eventCard.event.startsAt)).toBe(new Date('2031-05-01T20:00').getTime());
  }, 60_000);

  it('a double click on Create event creates it once and says so; the keyboard keeps its focus', async () => {
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.getByLabel('Name').fill('AEW Double Click Test');
    await admin.getByLabel('Date').fill('2031-06-01');
    await admin.getByLabel('The bell').fill('2031-06-01T20:00');
    await admin.getByRole('button', { name: 'Create event' }).dblclick();
    await admin.getByRole('status').filter({ hasText: 'Event created.' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Build its card' }).count()).toBe(1);
    expect(await admin.getByText(/already exists/).count()).toBe(0);

    await admin.getByLabel('Name').fill('AEW Double Enter Test');
    await admin.getByLabel('Date').fill('2031-06-02');
    await admin.getByLabel('The bell').fill('2031-06-02T20:00');
    await admin.getByRole('button', { name: 'Create event' }).focus();
    await admin.keyboard.press('Enter');
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByRole('link', { name: 'Build its card' }).getAttribute('href'))
      .toContain('2031-06-02');
    expect(await admin.getByText(/already exists/).count()).toBe(0);
    expect(await admin.getByRole('status').filter({ hasText: 'Event created.' }).count()).toBe(1);
    // The focus stays on the button; or, when the second Enter came after the first call had finished
    // and reset the form, the browser's own check of the emptied required fields moved it to Name.
    const focused = await admin.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: Record<string, string> | null } }).document
        .activeElement;
      return active ? `${active.tagName}:${active.tagName === 'INPUT' ? active.name : active.textContent}` : null;
    });
    expect(['BUTTON:Create event', 'INPUT:name']).toContain(focused);
    const { events } = await asAdmin<{ events: { items: { name: string }[] } }>(
      'query { events(limit: 100) { items { name } } }',
      {},
    );
    expect(events.items.filter((e) => /^AEW Double (Click|Enter) Test$/.test(e.name)).length).toBe(2);
  }, 60_000);

  it('scrolls no screen sideways at 360 × 800 or at 390 × 844, light or dark', async () => {
    // Each screen is measured once its data has rendered (the widest content, such as a select of
    // seasons or members, arrives with the data; at networkidle it may not be drawn yet).
    const options = (page: Page, label: RegExp) => page.getByLabel(label).locator('option');
    const leagueScreen = (page: Page) => [
      rowsOf(page, 'league-table').first(),
      rowsOf(page, 'league-board').first(),
      options(page, /^Member/).first(),
    ];
    const screens: [string, (page: Page) => Locator[]][] = [
      ['#/', (page) => [page.locator('a.card-link').first()]],
      [
        '#/standings',
        (page) => [
          page
            .getByRole('table', { name: /^Standings/ })
            .locator('tbody tr')
            .first(),
          options(page, /^Season/).first(),
        ],
      ],
      [
        '#/player',
        (page) => [
          page.getByRole('heading', { name: PLAYER_NAME }),
          page.locator('table').last().locator('tbody tr').first(),
          page.getByTestId('season-chart').locator('svg').first(),
        ],
      ],
      [`#/event/${show.id}`, (page) => [match(page, 1), rowsOf(page, 'leaderboard').first()]],
      [
        '#/leagues',
        (page) => [
          page.getByRole('list', { name: 'My leagues' }).getByText('Dynamite Test League'),
          options(page, /^Season/).first(),
        ],
      ],
      [`#/league/${league.id}`, leagueScreen],
      [
        `#/league/${league.id}/event/${show.id}`,
        (page) => [page.getByRole('heading', { name: /AEW Dynamite Test Night/ }), ...leagueScreen(page)],
      ],
      [`join/${league.code}`, (page) => [page.getByTestId('invite-code')]],
    ];
    // The demo's live event: result controls whose options name long tag teams.
    const { events } = await asAdmin<{ events: { items: { id: string; state: string }[] } }>(
      'query { events(limit: 100) { items { id state } } }',
      {},
    );
    const live = events.items.find((e) => e.state === 'BROADCAST' && e.id !== show.id)!;
    const adminScreens: [string, (page: Page) => Locator[]][] = [
      ['#/admin', (page) => [page.getByRole('button', { name: 'Create event' })]],
      [
        `#/event/${live.id}`,
        (page) => [page.getByLabel('Result').first().locator('option').last(), rowsOf(page, 'leaderboard').first()],
      ],
      [
        `#/event/${show.id}`,
        (page) => [
          match(page, 1).getByTestId('result').filter({ hasText: 'Draw' }),
          rowsOf(page, 'leaderboard').first(),
        ],
      ],
    ];
    // Each size in the light theme and the dark one (the phone's setting): the dark page draws in the dark tokens.
    const runs = [
      [SMALL_PHONE, 'light'],
      [PHONE, 'light'],
      [SMALL_PHONE, 'dark'],
      [PHONE, 'dark'],
    ] as const;
    const background = (page: Page) =>
      page.evaluate(() => {
        const w = globalThis as unknown as {
          getComputedStyle(e: unknown): { backgroundColor: string };
          document: { documentElement: unknown };
        };
        return w.getComputedStyle(w.document.documentElement).backgroundColor;
      });
    try {
      for (const [viewport, colorScheme] of runs)
        for (const [page, list] of [
          [player, screens],
          [admin, adminScreens],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          for (const [hash, rendered] of list) {
            await page.goto(`${stack.appUrl}${hash}`);
            await page.waitForLoadState('networkidle');
            for (const locator of rendered(page)) await locator.waitFor({ state: 'attached' });
            expect(await scrollsSideways(page), `${hash} at ${viewport.width} px, ${colorScheme}`).toBe(false);
            expect(await background(page), `${hash}, ${colorScheme}`).toBe(rgb(palettes[colorScheme].background));
          }
        }
    } finally {
      for (const page of [player, admin]) {
        await page.setViewportSize(PHONE);
        await page.emulateMedia({ colorScheme: 'light' });
      }
    }
  }, 150_000);

  it("the profile draws the season: the running total over each event's points, with the same in words", async () => {
    await player.setViewportSize(SMALL_PHONE);
    try {
      await player.goto(`${stack.appUrl}#/player`);
      const chart = player.getByTestId('season-chart');
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
      const words = (await chart.getByRole('img').getAttribute('aria-label'))!;
      expect(words).toMatch(/^\S.*, event by event\. .+: \d+ points.*\d+ in all\.$/);
      // The line ends where the season's standing stands: the same season, the same points.
      const season = words.slice(0, words.indexOf(', event by event.'));
      const standing = player.getByRole('row').filter({ has: player.getByRole('cell', { name: season, exact: true }) });
      const points = (await standing.first().locator('td').nth(2).textContent())!;
      expect(words.endsWith(` ${points} in all.`), `${words} / ${season}: ${points}`).toBe(true);
      // One bar per event named in the words, one dot per running total.
      const events = words.split('; ').length;
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(events);
      expect(await chart.locator('.recharts-line-dots circle').count()).toBe(events);
      await chart.scrollIntoViewIfNeeded();
      await player.screenshot({ path: 'build/screenshots/profile-season-360.png' });
    } finally {
      await player.setViewportSize(PHONE);
    }
  }, 60_000);

  it("marks a title change NEW CHAMPION on the card (the demo's AEW Revolution: the TBS title changed hands)", async () => {
    const { events } = await asAdmin<{ events: { items: { id: string; name: string }[] } }>(
      'query { events(limit: 100) { items { id name } } }',
      {},
    );
    const revolution = events.items.find((e) => e.name === 'AEW Revolution')!;
    await player.goto(`${stack.appUrl}#/event/${revolution.id}`);
    await match(player, 0).waitFor();
    const marked = player.getByTestId('match').filter({ has: player.getByTestId('new-champion') });
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.getByTestId('result').textContent()).toBe('Winner: Willow Nightingale NEW CHAMPION');
  }, 30_000);

  it('leaving and deleting a league land on the leagues list with a plain status line', async () => {
    await player.goto(`${stack.appUrl}#/leagues`);
    await player.getByLabel('League name').fill('Short-lived League');
    await player.getByLabel('Season').selectOption(String(new Date().getUTCFullYear()));
    await player.getByRole('button', { name: 'Create league' }).click();
    await player.getByRole('heading', { name: 'Short-lived League' }).waitFor();
    const code = (await player.getByTestId('league-code').textContent())!;
    await second.goto(`${stack.appUrl}join/${code}`);
    await second.getByRole('button', { name: 'Join Short-lived League' }).click();
    await second.getByRole('heading', { name: 'Short-lived League' }).waitFor();

    await second.getByRole('button', { name: 'Leave league' }).click();
    await second.getByRole('button', { name: 'Yes, leave Short-lived League' }).click();
    await expect.poll(() => new URL(second.url()).hash).toBe('#/leagues');
    await second.getByRole('status').filter({ hasText: 'You left Short-lived League.' }).waitFor();
    await second.getByRole('heading', { name: 'My leagues' }).waitFor();
    await second.getByRole('list', { name: 'My leagues' }).waitFor();
    expect(await second.getByRole('list', { name: 'My leagues' }).getByText('Short-lived League').count()).toBe(0);
    expect(await second.getByRole('alert').count()).toBe(0);

    await player.reload();
    await player.getByRole('button', { name: 'Delete league' }).click();
    await player.getByRole('button', { name: 'Yes, delete Short-lived League for everyone' }).click();
    await expect.poll(() => new URL(player.url()).hash).toBe('#/leagues');
    await player.getByRole('status').filter({ hasText: 'League deleted.' }).waitFor();
    await player.getByRole('list', { name: 'My leagues' }).waitFor();
    expect(await player.getByRole('list', { name: 'My leagues' }).getByText('Short-lived League').count()).toBe(0);
    expect(await player.getByRole('alert').count()).toBe(0);
    expect(await player.getByRole('button', { name: 'Delete league' }).count()).toBe(0);
    // The line goes once the player moves on.
    await player.getByRole('link', { name: 'Events' }).click();
    await player.getByRole('link', { name: 'Leagues' }).click();
    await player.getByRole('list', { name: 'My leagues' }).waitFor();
    expect(await player.getByRole('status').filter({ hasText: 'League deleted.' }).count()).toBe(0);
  }, 60_000);

  it('logged no console error on any page', () => {
    expect(errors).toEqual([]);
  });
});
