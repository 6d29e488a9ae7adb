/**
 * The whole evening, in headless Chromium at 390 × 844, as issue 32 played it: an admin creates the
 * event (a double click) and builds a 4-match card; three players make a league (one by its link, one
 * by its typed code), pick (one changes a pick and sees it unsaved), the bell locks them; the admin
 * starts the show and enters four results with a correction, then scores it; the commissioner's
 * actions. It asserts each of the six bugs' fixes (1: deleting lands on the list; 2: a page kept open
 * marks you and shows your points; 3: the league board shows the picks from the bell on; 4: a double
 * click creates one event and says so; 5: the league table, and its belt, follow the scoring; 6: a new name reaches
 * the standings and the final leaderboard), the picks revealed at the lock, and that nothing scrolls
 * sideways and no console error is logged; each match shows how everyone picked once the show is on.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from 'appsync-local';
import { demoPlayers } from '../../scripts/demo/cards.ts';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { launchChromium, signInToApp, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';
import { championText } from '@pickem/client/honours';
import type { Reign } from '@pickem/domain/schema-types';

const PHONE = { width: 390, height: 844 };
/** Three players of the demo season, and their names. */
const [A, B, C] = ['player03', 'player04', 'player05'];
const [A_NAME, B_NAME, C_NAME] = [demoPlayers[2], demoPlayers[3], demoPlayers[4]];
const SHOW = 'AEW Evening Test Show';
const LEAGUE = 'Evening League';
const CARD = [
  ['Hangman Page', 'Swerve Strickland'],
  ['Toni Storm', 'Mariah May'],
  ['Will Ospreay', 'Kazuchika Okada'],
  ['Jon Moxley', 'Bryan Danielson'],
];
/** Each player's pick (team index) on each match, and the results: A 30 points, B 20, C 0. */
const PICKS: Record<string, number[]> = { [A]: [0, 0, 0, 0], [B]: [0, 1, 1, 1], [C]: [1, 0, 1, 1] };
const RESULTS = [0, 1, 0, 0];

let stack: NpmStart;
const browsers: Browser[] = [];
const pages: Record<string, Page> = {};
const errors: string[] = [];
let eventId: string;
let leagueId: string;

type PageGlobals = {
  document: { documentElement: { scrollWidth: number } };
  innerWidth: number;
  sameDocument?: boolean;
};
const g = (page: Page) => ({
  mark: () => page.evaluate(() => ((globalThis as unknown as PageGlobals).sameDocument = true)),
  same: () => page.evaluate(() => (globalThis as unknown as PageGlobals).sameDocument === true),
  sideways: () =>
    page.evaluate(
      () =>
        (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth >
        (globalThis as unknown as PageGlobals).innerWidth,
    ),
});

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
const match = (page: Page, index: number) => page.getByTestId('match').nth(index);
const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr');
/** A table's rows as text without the picks under the names. */
const figuresOf = (page: Page, testId: string) =>
  rowsOf(page, testId).evaluateAll((rows: any[]) =>
    rows.map((row) => {
      const copy = row.cloneNode(true);
      for (const extra of copy.querySelectorAll('.player-picks, details, [data-testid="row-awards"]')) extra.remove();
      return copy.textContent as string;
    }),
  );
/** The marks of a row's picks, in card order (right, wrong, open). */
const marksOf = (row: Locator) =>
  row.getByTestId('player-pick').evaluateAll((picks: any[]) => picks.map((p) => p.dataset.mark as string));
/** What each pick should show once `results` (team index, or null) are in. */
const expectedMarks = (player: string, results: (number | null)[]) =>
  PICKS[player].map((team, i) => (results[i] === null ? 'open' : results[i] === team ? 'right' : 'wrong'));

beforeAll(async () => {
  stack = await npmStart(['--in-memory']);
}, 240_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)('a whole evening at 390 × 844', () => {
  beforeAll(async () => {
    const [admin, a, b, c] = await Promise.all([openAs('admin'), openAs(A), openAs(B), openAs(C)]);
    Object.assign(pages, { admin, [A]: a, [B]: b, [C]: c });
  }, 90_000);

  it('bug 4: a double click on Create event creates one event and says so; the admin builds its 4-match card', async () => {
    const admin = pages.admin;
    await admin.getByRole('link', { name: 'Admin' }).click();
    const day = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    // An event created by mistake is deleted from the admin's list while its card is empty.
    await admin.getByLabel('Name').fill('AEW Typo Nite');
    await admin.getByLabel('Date').fill(day);
    await admin.getByLabel('The bell').fill(`${day}T20:00`);
    await admin.getByRole('button', { name: 'Create event' }).click();
    await admin.getByRole('status').filter({ hasText: 'Event created.' }).waitFor();
    const typo = admin.getByTestId('admin-event').filter({ hasText: 'AEW Typo Nite' });
    await typo.getByRole('button', { name: 'Delete AEW Typo Nite' }).click();
    await typo.getByRole('button', { name: 'Yes, delete AEW Typo Nite' }).click();
    await admin.getByTestId('admin-event-deleted').filter({ hasText: 'AEW Typo Nite deleted.' }).waitFor();

    await admin.getByLabel('Name').fill(SHOW);
    await admin.getByLabel('Date').fill(day);
    await admin.getByLabel('The bell').fill(`${day}T20:00`);
    await admin.getByRole('button', { name: 'Create event' }).dblclick();
    await admin.getByRole('status').filter({ hasText: 'Event created.' }).waitFor();
    expect(await admin.getByText(/already exists/).count()).toBe(0);
    const listed = admin.getByTestId('admin-event').filter({ hasText: SHOW });
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('players do not see it until its card has a match');
    await admin.getByRole('link', { name: 'Build its card' }).click();
    eventId = decodeURIComponent(new URL(admin.url()).hash.split('/')[2]);
    await admin.getByRole('heading', { name: 'Build the card' }).waitFor();
    for (const teams of CARD) {
      await admin.getByLabel('Teams').fill(teams.join('\n'));
      await admin.getByRole('button', { name: 'Add match' }).click();
      await admin.getByRole('list', { name: 'Card order' }).getByText(teams.join(' vs ')).waitFor();
    }
    expect(await admin.getByTestId('match').count()).toBe(4);
    expect(await g(admin).sideways()).toBe(false);
  }, 60_000);

  let code: string;

  it('a player makes a league; one joins by its link (the invite names it first), one by its typed code', async () => {
    const a = pages[A];
    await a.getByRole('link', { name: 'Leagues' }).click();
    await a.getByLabel('League name').fill(LEAGUE);
    await a.getByLabel('Season').selectOption(String(new Date().getUTCFullYear()));
    await a.getByRole('button', { name: 'Create league' }).click();
    await a.getByRole('heading', { name: LEAGUE }).waitFor();
    code = (await a.getByTestId('league-code').textContent())!;
    leagueId = decodeURIComponent(new URL(a.url()).hash.split('/')[2]);

    const b = pages[B];
    await b.goto(`${stack.appUrl}join/${code}`);
    await expect
      .poll(() => b.getByTestId('league-preview').textContent())
      .toBe(`League${LEAGUE}Season${new Date().getUTCFullYear()}Commissioner${A_NAME}Members1 of 30`);
    await b.getByRole('button', { name: `Join ${LEAGUE}` }).click();
    await b.getByRole('heading', { name: LEAGUE }).waitFor();
    expect(await b.getByTestId('league-commissioner').textContent()).toBe(`Commissioner: ${A_NAME}`);

    const c = pages[C];
    await c.getByRole('link', { name: 'Leagues' }).click();
    await c.getByLabel('Invite code').fill(code.toLowerCase().replace('-', ' '));
    await c.getByRole('button', { name: 'Join league' }).click();
    await c.getByRole('heading', { name: LEAGUE }).waitFor();
    // Joining again: already in it, with a link to it.
    await c.goto(`${stack.appUrl}join/${code}`);
    await c.getByRole('button', { name: `Join ${LEAGUE}` }).click();
    await c.getByTestId('already-member-link').click();
    await c.getByRole('heading', { name: LEAGUE }).waitFor();
    expect(await rowsOf(c, 'league-table').count()).toBe(3);
    for (const page of [a, b, c]) expect(await g(page).sideways()).toBe(false);
  }, 60_000);

  it('the players pick; the events list marks the show "picks needed" until they do; a changed pick reads unsaved', async () => {
    // The bell, brought forward before anyone opens the card (a moved bell publishes no live update).
    await asAdmin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
      input: { id: eventId, startsAt: new Date(Date.now() + 30_000).toISOString() },
    });
    for (const player of [A, B, C]) {
      const page = pages[player];
      await page.goto(stack.appUrl);
      const upcoming = page.getByTestId('events-tonight').or(page.getByTestId('events-upcoming'));
      const card = upcoming.getByRole('link', { name: new RegExp(SHOW) });
      await expect.poll(() => card.getByTestId('picks-needed').textContent()).toBe('Picks needed');
      await card.click();
      await page.getByTestId('countdown').waitFor();
      for (const [i, team] of PICKS[player].entries()) await match(page, i).getByLabel(CARD[i][team]).check();
      await page.getByRole('button', { name: 'Save picks' }).click();
      await page.getByRole('status').filter({ hasText: 'Picks saved (4 of 4).' }).waitFor();
    }
    const a = pages[A];
    await match(a, 0).getByLabel(CARD[0][1]).check();
    await a.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await match(a, 0).getByLabel(CARD[0][0]).check();
    await expect.poll(() => a.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(0);
    // Saved picks: no longer "picks needed".
    await pages[B].goto(stack.appUrl);
    await pages[B].getByRole('link', { name: new RegExp(SHOW) }).waitFor();
    expect(
      await pages[B].getByRole('link', { name: new RegExp(SHOW) })
        .getByTestId('picks-needed')
        .count(),
    ).toBe(0);
  }, 90_000);

  it('bug 3: the bell locks the picks, and the league board opened before it shows every pick once it rings', async () => {
    const b = pages[B];
    await b.goto(`${stack.appUrl}#/league/${leagueId}/event/${eventId}`);
    await b.getByText("The members' picks show here once they lock at the bell.").waitFor();
    expect(await b.getByTestId('player-pick').count()).toBe(0); // nothing before the bell
    const { eventCard } = await asAdmin('query ($e: ID!) { eventCard(eventId: $e) { event { startsAt } } }', {
      e: eventId,
    });
    expect(Date.parse(eventCard.event.startsAt) - Date.now(), 'the bell is still to ring').toBeGreaterThan(0);
    await g(b).mark();
    await g(pages[A]).mark(); // A keeps the event's page, where they saved, open through the show (bug 2)
    await pages[A].getByTestId('locked').waitFor({ timeout: 40_000 });
    await expect.poll(() => rowsOf(b, 'league-board').count(), { timeout: 20_000 }).toBe(3);
    const byName: Record<string, string> = { [A_NAME]: A, [B_NAME]: B, [C_NAME]: C };
    for (const row of await rowsOf(b, 'league-board').all()) {
      const name = (await row.locator('a').first().textContent())!;
      expect(await marksOf(row), name).toEqual(expectedMarks(byName[name], [null, null, null, null]));
    }
    expect(await g(b).same()).toBe(true);
  }, 80_000);

  it('bug 2 and the live show: four results with a correction move every page without a reload; picks marked live', async () => {
    const [admin, a, b] = [pages.admin, pages[A], pages[B]];
    await admin.goto(`${stack.appUrl}#/event/${eventId}`);
    await admin.reload(); // the page was open since before the bell was moved (a move publishes nothing)
    await expect.poll(() => admin.getByTestId('card-locked').count()).toBe(1); // no card builder after the bell
    expect(await admin.getByRole('heading', { name: 'Build the card' }).count()).toBe(0);
    await admin.getByRole('button', { name: 'Start the broadcast' }).click();
    await expect.poll(() => a.getByTestId('live-status').textContent(), { timeout: 10_000 }).toBe('Live updates: live');
    const set = async (i: number, label: string) => {
      await match(admin, i).getByLabel('Result').selectOption({ label });
      await match(admin, i).getByRole('button', { name: 'Set result' }).click();
      // Polled as text, so that a refusal shows its words in the failure.
      await expect
        .poll(() => match(admin, i).getByRole('status').textContent(), { timeout: 30_000 })
        .toBe('Result saved.');
    };
    await set(0, `${CARD[0][0]} wins`);
    // A and B both picked the winner: tied at rank 1, A's row marked; 30 still to win on three matches.
    await expect
      .poll(async () => (await figuresOf(a, 'leaderboard')).find((r) => r.includes(A_NAME)), { timeout: 20_000 })
      .toBe(`1${A_NAME} (you)11030`);
    await expect
      .poll(() => a.getByTestId('my-points').textContent())
      .toBe('Your points: 10 (1 correct, rank 1); still possible: +30');
    // How everyone picked, counted at the bell (A, B, C: see PICKS), under each match on A's open page.
    const shares = [
      [67, 33],
      [67, 33],
      [33, 67],
      [33, 67],
    ];
    for (const [i, [first, second]] of shares.entries())
      await expect
        .poll(() => match(a, i).textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`${CARD[i][0]}.*${first}% picked.*${CARD[i][1]}.*${second}% picked`));
    // Your points sit at the top, above the card.
    const top = (await a.getByTestId('my-points').boundingBox())!.y;
    expect(top).toBeLessThan((await match(a, 0).boundingBox())!.y);

    await set(1, `${CARD[1][1]} wins`);
    await set(2, `${CARD[2][1]} wins`); // entered wrong, then corrected
    await set(2, `${CARD[2][0]} wins`);
    await set(3, `${CARD[3][0]} wins`);
    await expect
      .poll(() => figuresOf(a, 'leaderboard'), { timeout: 20_000 })
      .toEqual([`1${A_NAME} (you)3300`, `2${B_NAME}2200`, expect.stringMatching(/^3.*000$/)]);
    await expect
      .poll(() => a.getByTestId('my-points').textContent())
      .toBe('Your points: 30 (3 correct, rank 1); still possible: +0');
    // The league board, live, with every pick marked.
    await expect
      .poll(async () => marksOf(rowsOf(b, 'league-board').first()), { timeout: 20_000 })
      .toEqual(expectedMarks(A, RESULTS));
    expect(await marksOf(rowsOf(b, 'league-board').nth(1))).toEqual(expectedMarks(B, RESULTS));
    expect(await marksOf(rowsOf(b, 'league-board').nth(2))).toEqual(expectedMarks(C, RESULTS));
    // An event leaderboard row opens that player's picks.
    const bRow = rowsOf(a, 'leaderboard').nth(1);
    await bRow.getByText('Picks').click();
    expect(await marksOf(bRow)).toEqual(expectedMarks(B, RESULTS));
    for (const page of [a, b]) expect(await g(page).same()).toBe(true);
  }, 90_000);

  it('bug 5: scoring moves the league table, and the belt to its leader, without a reload', async () => {
    const [admin, b] = [pages.admin, pages[B]];
    const before = await figuresOf(b, 'league-table');
    const belt = b.getByTestId('league-champion');
    expect(await belt.textContent()).toBe(championText(null));
    await admin.getByRole('button', { name: 'Score the event' }).click();
    await expect
      .poll(() => pages[A].getByRole('heading', { name: /Leaderboard/ }).textContent(), { timeout: 20_000 })
      .toContain('Final');
    const { league } = await asAdmin<{
      league: { standings: { displayName: string; points: number }[]; champion: Reign | null };
    }>(
      'query ($id: ID!) { league(leagueId: $id) { standings { displayName points } champion { userId displayName wonAt wonAtName defenses endedAt } } }',
      { id: leagueId },
    );
    const aPoints = league.standings.find((s) => s.displayName === A_NAME)!.points;
    await expect
      .poll(async () => (await figuresOf(b, 'league-table')).find((r) => r.includes(A_NAME)), { timeout: 20_000 })
      .toContain(`${aPoints}`);
    expect(await figuresOf(b, 'league-table')).not.toEqual(before);
    expect(await g(b).same()).toBe(true);
    // The league's first scored event crowns its leader: the belt on the open page moves with the table.
    expect(league.champion?.displayName).toBe(league.standings[0].displayName);
    await expect.poll(() => belt.textContent(), { timeout: 20_000 }).toBe(championText(league.champion));
  }, 60_000);

  it("bug 6: a new display name reaches the final leaderboard and the season standings; history shows another's picks", async () => {
    const [a, c] = [pages[A], pages[C]];
    await c.getByRole('link', { name: 'Me' }).click();
    await c.getByRole('textbox', { name: /^Display name/ }).fill('Evening Renamed');
    await c.getByRole('button', { name: 'Save name' }).click();
    await c.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await a.goto(`${stack.appUrl}#/event/${eventId}`);
    await a.reload(); // the page was open through the show: the name shows at its next read of the board
    await expect
      .poll(async () => (await figuresOf(a, 'leaderboard'))[2], { timeout: 10_000 })
      .toBe('3Evening Renamed00');
    await a.getByRole('link', { name: 'Standings' }).click();
    await a.getByLabel('Season').selectOption(String(new Date().getUTCFullYear()));
    await rowsOf(a, 'standings').first().waitFor();
    for (let more = 0; more < 5; more++) {
      const button = a.getByRole('button', { name: 'More players' });
      await a.waitForLoadState('networkidle');
      if ((await button.count()) === 0) break;
      await button.click();
    }
    await expect.poll(() => a.getByTestId('standings').getByText('Evening Renamed').count()).toBe(1);
    expect(await a.getByTestId('standings').getByText(C_NAME).count()).toBe(0);
    // You are marked in the standings.
    expect(await a.locator('[data-testid=standings] tr[aria-current=true]').textContent()).toContain(`${A_NAME} (you)`);

    // Another player's history: the show, with their picks once opened.
    await a.goto(`${stack.appUrl}#/league/${leagueId}`);
    await a.getByTestId('league-table').getByRole('link', { name: B_NAME }).click();
    const row = a.getByRole('row').filter({ hasText: SHOW });
    // Opened until it is open: a click can land as the profile's season chart arrives above the history
    // and moves it (seen once in CI: the row never opened). A click on an open row would close it.
    const details = row.getByTestId('history-picks');
    await expect
      .poll(async () => {
        if (!(await details.evaluate((d: any) => d.open as boolean))) await row.getByText('Picks').click();
        return marksOf(row);
      })
      .toEqual(expectedMarks(B, RESULTS));
    expect(await g(a).sideways()).toBe(false);
  }, 60_000);

  it('bug 1: the commissioner hands over with a confirmation; the new one removes a member and deletes the league', async () => {
    const [a, b] = [pages[A], pages[B]];
    await a.goto(`${stack.appUrl}#/league/${leagueId}`);
    await a.getByRole('region', { name: 'Commissioner' }).getByLabel('Member').selectOption({ label: B_NAME });
    await a.getByRole('button', { name: 'Make commissioner' }).click();
    await a.getByRole('button', { name: `Yes, hand the league to ${B_NAME}` }).click();
    await expect.poll(() => a.getByTestId('league-commissioner').textContent()).toBe(`Commissioner: ${B_NAME}`);
    expect(await a.getByRole('button', { name: 'Delete league' }).count()).toBe(0);

    await b.goto(`${stack.appUrl}#/league/${leagueId}`);
    await b.reload(); // the same league's page reads it once: read it again
    await expect.poll(() => b.getByTestId('league-commissioner').textContent()).toBe('Commissioner: you');
    await b
      .getByRole('region', { name: 'Commissioner' })
      .getByLabel('Member')
      .selectOption({ label: 'Evening Renamed' });
    await b.getByRole('button', { name: 'Remove member' }).click();
    await b.getByRole('button', { name: 'Yes, remove Evening Renamed' }).click();
    await b.getByRole('status').filter({ hasText: 'cannot rejoin with the invite code' }).waitFor();
    await expect.poll(() => rowsOf(b, 'league-table').count()).toBe(2);
    await b.getByRole('button', { name: 'Delete league' }).click();
    await b.getByRole('button', { name: `Yes, delete ${LEAGUE} for everyone` }).click();
    await expect.poll(() => new URL(b.url()).hash).toBe('#/leagues');
    await b.getByRole('status').filter({ hasText: 'League deleted.' }).waitFor();
    expect(await b.getByRole('alert').count()).toBe(0);
    for (const page of [a, b]) expect(await g(page).sideways()).toBe(false);
  }, 60_000);

  it('logged no console error on any page', () => {
    expect(errors).toEqual([]);
  });
});
