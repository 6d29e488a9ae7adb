/**
 * The wrestling rules in the web app (issue 31), in headless Chromium on the stack `npm start` runs:
 * an event with every rule on; a player reads its rules, sets a joker, a finish and a tie-break guess
 * and saves; the bell; the admin enters a result with its finish on the admin's page; the player's
 * page then shows, without a reload, what the pick earned and why, the picks' shares, and the live
 * board's points still possible. Skipped only where Chromium is missing outside CI.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from 'appsync-local';
import { skipBrowserTests } from '../../scripts/app-browser.ts';
import { emptyStack } from './empty-stack.ts';

const PHONE = { width: 390, height: 844 };

const app = emptyStack();
const { asAdmin, errors } = app;

describe.skipIf(skipBrowserTests)('an event with every rule on, in the web app', () => {
  let player: Page;
  let admin: Page;
  let show: { id: string; matches: string[] };
  const match = (page: Page, i: number) => page.getByTestId('match').nth(i);

  beforeAll(async () => {
    [player, admin] = await Promise.all([
      app.openAs('player01', { viewport: PHONE }),
      app.openAs('admin', { viewport: PHONE }),
    ]);
    const startsAt = new Date(Date.now() + 25_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: {
        name: 'Rules Test Night',
        date: startsAt.slice(0, 10),
        startsAt,
        rules: {
          joker: true,
          methodBonus: 5,
          underdogBonus: 15,
          underdogPercent: 30,
          titleChangeBonus: 10,
          perfectCardBonus: 25,
          tieBreakQuestion: 'How many minutes will the main event last?',
        },
      },
    });
    const matches: string[] = [];
    for (const members of [
      ['Will Ospreay', 'Kenny Omega'],
      ['Mercedes Moné', 'Toni Storm'],
    ]) {
      const { addMatch } = await asAdmin(
        'mutation ($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }',
        { e: createEvent.id, i: { points: 10, teams: members.map((m) => ({ members: [m] })) } },
      );
      matches.push(addMatch.id);
    }
    show = { id: createEvent.id, matches };
  }, 60_000);

  it('shows the rules in words, and saves a joker, a finish and a tie-break guess', async () => {
    await player.goto(`${app.stack.appUrl}#/event/${show.id}`);
    await player.getByTestId('countdown').waitFor();
    const rules = await player.getByTestId('rules').textContent();
    expect(rules).toContain('Joker: play it on one match');
    expect(rules).toContain('adds 5 points');
    expect(rules).toContain('Tie-break: How many minutes will the main event last?');
    await match(player, 0).getByLabel('Kenny Omega').check();
    await match(player, 0).getByLabel('Joker (×2)').check();
    await match(player, 0).getByLabel('Finish').selectOption('SUBMISSION');
    // The joker's box sits on its label's line, and the finish stands apart from it, not run together.
    const jokerBox = (await match(player, 0).getByLabel('Joker (×2)').boundingBox())!;
    const jokerLabel = (await match(player, 0).locator('label', { hasText: 'Joker (×2)' }).boundingBox())!;
    const finishLabel = (await match(player, 0).locator('label', { hasText: 'Finish' }).boundingBox())!;
    expect(Math.abs(jokerBox.y + jokerBox.height / 2 - (jokerLabel.y + jokerLabel.height / 2))).toBeLessThan(4);
    expect(jokerLabel.height).toBeLessThan(2 * jokerBox.height + 8);
    expect(
      finishLabel.x >= jokerLabel.x + jokerLabel.width + 8 || finishLabel.y >= jokerLabel.y + jokerLabel.height,
    ).toBe(true);
    await match(player, 1).getByLabel('Toni Storm').check();
    await player.getByLabel(/Tie-break: How many minutes/).fill('17');
    await player.getByRole('button', { name: 'Save picks' }).click();
    await player.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    const { eventCard } = await graphqlData<any>(
      app.stack.apiUrl,
      app.stack.tokens.player,
      'query ($id: ID!) { eventCard(eventId: $id) { myPrediction { picks { matchId team method joker } tieBreak } } }',
      { id: show.id },
    );
    expect(eventCard.myPrediction).toEqual({
      picks: [
        { matchId: show.matches[0], team: 1, method: 'SUBMISSION', joker: true },
        { matchId: show.matches[1], team: 1, method: null, joker: false },
      ],
      tieBreak: 17,
    });
  });

  it('asks the admin before starting the broadcast ahead of the advertised bell (issue 41)', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: 'Early Start Night', date: startsAt.slice(0, 10), startsAt },
    });
    await admin.goto(`${app.stack.appUrl}#/event/${createEvent.id}`);
    await admin.getByRole('button', { name: 'Start the broadcast' }).click();
    await admin.getByText(/starting now locks every pick early/).waitFor();
    const yes = admin.getByRole('button', { name: 'Yes, start now and lock picks early' });
    await yes.waitFor();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    expect(await yes.count()).toBe(0);
    const state = async () =>
      (await asAdmin('query ($id: ID!) { eventCard(eventId: $id) { event { state } } }', { id: createEvent.id }))
        .eventCard.event.state;
    expect(await state()).toBe('UPCOMING');
    await admin.getByRole('button', { name: 'Start the broadcast' }).click();
    await yes.click();
    await expect.poll(state).toBe('BROADCAST');
  }, 60_000);

  it('tells the player when a reminder will not come: the bell is already closer than the lead (issue 41)', async () => {
    const startsAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: 'Half Hour Night', date: startsAt.slice(0, 10), startsAt },
    });
    await asAdmin('mutation ($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }', {
      e: createEvent.id,
      i: { points: 10, teams: [{ members: ['Orange Cassidy'] }, { members: ['Kyle Fletcher'] }] },
    });
    const page = await app.openAs('player02', { viewport: PHONE });
    await page.goto(`${app.stack.appUrl}#/player`);
    const reminders = page.getByRole('form', { name: 'Reminders' });
    await reminders.getByLabel(/Email me/).check();
    await reminders.locator('select[name=minutesBefore]').selectOption({ label: '10 minutes before' });
    const halfHour = page.getByTestId('reminder-will-not-come').filter({ hasText: 'Half Hour Night' });
    expect(await halfHour.count()).toBe(0);
    await reminders.locator('select[name=minutesBefore]').selectOption({ label: 'An hour before' });
    await expect
      .poll(() => halfHour.allTextContents())
      .toEqual([
        expect.stringMatching(
          /^Half Hour Night locks in (29|30) min, sooner than your reminder: no email will come for it/,
        ),
      ]);
  }, 60_000);

  it("after the admin's result with its finish, the player's page shows the points and why, and what is still possible", async () => {
    await player.getByTestId('locked').waitFor({ timeout: 45_000 });
    await asAdmin('mutation ($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: show.id, state: 'BROADCAST' },
    });
    await admin.goto(`${app.stack.appUrl}#/event/${show.id}`);
    const first = match(admin, 0);
    await first.getByLabel('Result').selectOption('1');
    await first.getByLabel('Finish').last().selectOption('SUBMISSION');
    await first.getByRole('button', { name: 'Set result' }).click();
    await first.getByRole('status').filter({ hasText: 'Result saved.' }).waitFor();

    // No reload: the RESULT and LEADERBOARD updates move the page.
    await expect
      .poll(() => match(player, 0).getByTestId('pick-outcome').textContent(), { timeout: 20_000 })
      .toBe('+20: joker, +5: called the submission');
    expect(await match(player, 0).getByTestId('result').textContent()).toBe('Winner: Kenny Omega by submission');
    // Still possible: the second match's 10 and the perfect card's 25.
    await expect.poll(() => player.getByTestId('my-possible').textContent(), { timeout: 20_000 }).toContain('+35');
    // The picks at the bell, counted by the first pass after it (one player: all of them).
    await expect.poll(() => match(player, 0).textContent(), { timeout: 20_000 }).toContain('100% picked');
    const row = player.getByTestId('leaderboard').locator('tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/25\s*35$/);
    expect(errors).toEqual([]);
  }, 90_000);

  it("after the lock a friend sees the player's joker, finish and tie-break guess on the event's board", async () => {
    await admin.goto(`${app.stack.appUrl}#/event/${show.id}`);
    const row = admin.getByTestId('leaderboard').locator('tbody tr').first();
    const guess = row.getByTestId('tie-break-guess');
    await expect.poll(() => guess.textContent(), { timeout: 20_000 }).toBe('Tie-break: 17');
    expect(await guess.getAttribute('title')).toBe('How many minutes will the main event last?');
    expect(await admin.getByTestId('tie-break-caption').textContent()).toContain(
      'How many minutes will the main event last?',
    );
    await row.getByText('Picks').click();
    const pick = row.getByTestId('player-pick').first();
    expect(await pick.getAttribute('data-mark')).toBe('right');
    expect(await pick.getByTestId('pick-joker').textContent()).toBe('Joker ×2');
    expect(await pick.getByTestId('pick-finish').textContent()).toBe('by submission');
    await admin.screenshot({ path: 'build/screenshots/friends-calls-390.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);
});
