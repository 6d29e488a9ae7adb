/**
 * A late card change in the web app (issue 41), in headless Chromium at 360 px on the stack `npm start`
 * runs: a player picks; the admin replaces a wrestler in that match through the API; the player's
 * events screen marks the event and the event page says what changed, with the pick left off the
 * form; the player picks again and saves, and the notice goes. Skipped only where Chromium is missing
 * outside CI.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests } from '../../scripts/app-browser.ts';
import { emptyStack } from './empty-stack.ts';

const PHONE = { width: 360, height: 800 };

const app = emptyStack();
const { asAdmin } = app;

describe.skipIf(skipBrowserTests)('a late card change, in the web app at 360 px', () => {
  let player: Page;
  let show: { id: string; matches: string[] };
  const match = (i: number) => player.getByTestId('match').nth(i);
  const card = [
    ['Will Ospreay', 'Kenny Omega'],
    ['Seth Rollins', 'Drew McIntyre'],
  ];

  beforeAll(async () => {
    player = await app.openAs('player01', { viewport: PHONE });
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: 'Card Change Night', date: startsAt.slice(0, 10), startsAt },
    });
    const matches: string[] = [];
    for (const members of card) {
      const { addMatch } = await asAdmin(
        'mutation ($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }',
        { e: createEvent.id, i: { points: 10, teams: members.map((m) => ({ members: [m] })) } },
      );
      matches.push(addMatch.id);
    }
    show = { id: createEvent.id, matches };
  }, 120_000);

  it('tells the player whose pick a replaced wrestler touched, until they pick again', async () => {
    await player.goto(`${app.stack.appUrl}#/event/${show.id}`);
    await match(0).getByLabel('Kenny Omega').check();
    await match(1).getByLabel('Seth Rollins').check();
    await player.getByRole('button', { name: 'Save picks' }).click();
    await player.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();

    await asAdmin(
      'mutation ($e: ID!, $m: ID!, $i: MatchInput!) { updateMatch(eventId: $e, matchId: $m, input: $i) { id } }',
      {
        e: show.id,
        m: show.matches[1],
        i: { points: 10, teams: [{ members: ['Cody Rhodes'] }, { members: ['Drew McIntyre'] }] },
      },
    );

    await player.goto(`${app.stack.appUrl}#/`);
    await player.getByTestId('card-changed').waitFor();
    expect(await player.getByTestId('card-changed').textContent()).toBe('Card changed: re-pick');
    await player.screenshot({ path: 'build/screenshots/card-change-events-360.png', fullPage: true });

    await player.goto(`${app.stack.appUrl}#/event/${show.id}`);
    const notice = player.getByTestId('card-change');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'The card changed: Cody Rhodes replaced Seth Rollins in match 2; your pick was cleared, pick again.',
    );
    expect(await match(1).getByLabel('Cody Rhodes').isChecked()).toBe(false);
    expect(await match(0).getByLabel('Kenny Omega').isChecked()).toBe(true);
    expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await player.screenshot({ path: 'build/screenshots/card-change-event-360.png', fullPage: true });

    await match(1).getByLabel('Cody Rhodes').check();
    await player.getByRole('button', { name: 'Save picks' }).click();
    await player.getByRole('status').filter({ hasText: 'Picks saved (2 of 2).' }).waitFor();
    expect(await notice.count()).toBe(0);
    await player.goto(`${app.stack.appUrl}#/`);
    await player.getByTestId('events-upcoming').or(player.getByTestId('events-tonight')).first().waitFor();
    expect(await player.getByTestId('card-changed').count()).toBe(0);
  });
});
