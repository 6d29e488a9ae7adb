/**
 * The questions beyond the winner in the web app (issue 42), in headless Chromium at 360 px on the stack
 * `npm start` runs: a Royal Rumble of 30 with a question of each kind (who enters at #30 of 30, the
 * Final Four: 4 of 30, the winner's entry number); a player answers them on a phone through the search
 * boxes and saves with the pick; the admin starts the show and sets the answers through the API; the
 * player's page then shows, without a reload, what each answer earned and why, the options' shares and
 * the answers on the board. Skipped only where Chromium is missing outside CI.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests } from '../../scripts/app-browser.ts';
import { emptyStack } from './empty-stack.ts';

const PHONE = { width: 360, height: 780 };
const ENTRANTS = Array.from({ length: 30 }, (_, i) => `Entrant ${i + 1}`);
const QUESTIONS = [
  { kind: 'CHOICE', text: 'Who enters at #30?', options: ENTRANTS, points: 3 },
  { kind: 'MULTI', text: 'Final Four', options: ENTRANTS, pickCount: 4, points: 5 },
  { kind: 'NUMBER', text: "The winner's entry number", points: 10, closePoints: 4, closeRange: 2 },
];

const app = emptyStack();
const { asAdmin, errors } = app;

describe.skipIf(skipBrowserTests)('a Royal Rumble with questions, in the web app on a phone', () => {
  let player: Page;
  let show: { id: string; questions: string[] };
  const question = (i: number) => player.getByTestId('question').nth(i);
  const outcome = (i: number) => question(i).getByTestId('question-outcome');

  beforeAll(async () => {
    player = await app.openAs('player01', { viewport: PHONE });
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: 'Rumble Questions Night', date: startsAt.slice(0, 10), startsAt },
    });
    await asAdmin('mutation ($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }', {
      e: createEvent.id,
      i: { points: 10, name: 'Royal Rumble', teams: ENTRANTS.map((m) => ({ members: [m] })) },
    });
    const questions: string[] = [];
    for (const i of QUESTIONS) {
      const { addQuestion } = await asAdmin(
        'mutation ($e: ID!, $i: QuestionInput!) { addQuestion(eventId: $e, input: $i) { id } }',
        { e: createEvent.id, i },
      );
      questions.push(addQuestion.id);
    }
    show = { id: createEvent.id, questions };
  }, 120_000);

  it('answers a choice and four of 30 through the search boxes and a number, and saves them with the pick', async () => {
    await player.goto(`${app.stack.appUrl}#/event/${show.id}`);
    await player.getByTestId('question').first().waitFor();
    expect(await player.getByTestId('question-worth').allTextContents()).toEqual([
      '3 pts',
      '5 pts a hit',
      '10 pts exact, 4 within 2',
    ]);
    // The Rumble's 30 entrants: a compact list with a search box too.
    const rumble = player.getByTestId('match').first();
    await rumble.getByRole('searchbox').fill('27');
    expect(await rumble.getByRole('radio').count()).toBe(1);
    await rumble.getByRole('radio', { name: 'Entrant 27', exact: true }).check();
    expect(await rumble.getByTestId('your-pick').textContent()).toBe('Your pick: Entrant 27');

    const search = (i: number) => question(i).getByRole('searchbox');
    await search(0).fill('30');
    expect(await question(0).getByRole('radio').count()).toBe(1);
    await question(0).getByRole('radio', { name: 'Entrant 30', exact: true }).check();
    for (const n of [12, 6, 21, 3]) {
      await search(1).fill(String(n));
      await question(1)
        .getByRole('checkbox', { name: `Entrant ${n}`, exact: true })
        .check();
    }
    await search(1).fill('');
    // Four picked: the other options wait until one is dropped.
    expect(await question(1).getByRole('checkbox', { name: 'Entrant 1', exact: true }).isDisabled()).toBe(true);
    expect(await question(1).getByTestId('question-picked').textContent()).toBe(
      'Your picks: Entrant 12, Entrant 6, Entrant 21, Entrant 3',
    );
    await question(2).getByLabel("The winner's entry number").fill('27');
    const status = player.getByRole('status').filter({ hasText: /Unsaved|saved/ });
    expect(await status.textContent()).toBe('Unsaved changes: Save picks to keep them.');
    await player.screenshot({ path: 'build/screenshots/questions-answer-360.png', fullPage: true });
    await player.locator('section.questions').screenshot({ path: 'build/screenshots/questions-list-360.png' });

    await player.getByRole('button', { name: 'Save picks' }).click();
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe('Picks saved (1 of 1, 3 of 3 questions answered).');
    // Nothing wider than the phone.
    const sideways = await player.evaluate(() => {
      const page = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number } };
        innerWidth: number;
      };
      return page.document.documentElement.scrollWidth > page.innerWidth;
    });
    expect(sideways).toBe(false);
    expect(errors).toEqual([]);
  }, 90_000);

  it("shows each answer's points and why, live, once the admin sets them", async () => {
    await asAdmin('mutation ($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: show.id, state: 'BROADCAST' },
    });
    const answer =
      'mutation ($e: ID!, $q: ID!, $o: [Int!], $n: Int) { setQuestionAnswer(eventId: $e, questionId: $q, options: $o, number: $n) { id } }';
    await asAdmin(answer, { e: show.id, q: show.questions[0], o: [29] });
    await asAdmin(answer, { e: show.id, q: show.questions[1], o: [11, 5, 0, 1] });
    await asAdmin(answer, { e: show.id, q: show.questions[2], n: 29 });

    // No reload: each LEADERBOARD update has the page read the answers and the player's points again.
    await expect.poll(() => outcome(2).textContent(), { timeout: 30_000 }).toBe('+4: within 2 of 29');
    expect(await outcome(0).textContent()).toBe('+3: right');
    expect(await outcome(1).textContent()).toBe('+10: Final Four hit (2 of 4)');
    const right = await question(1).getByTestId('question-answer').textContent();
    expect(right!.replace('Answer: ', '').split(', ').sort()).toEqual([
      'Entrant 1',
      'Entrant 12',
      'Entrant 2',
      'Entrant 6',
    ]);
    await expect
      .poll(() => player.getByTestId('my-points').textContent(), { timeout: 20_000 })
      .toMatch(/^Your points: 17 /);
    // The options' shares, counted at the lock (one player: all of them on theirs; the search still shows #30 only).
    await expect
      .poll(() => question(0).getByTestId('option-share').first().textContent(), { timeout: 20_000 })
      .toMatch(/^100% picked/);
    await question(0).getByRole('searchbox').fill('');
    expect(await question(0).getByTestId('option-share').first().textContent()).toMatch(/^0% picked/);
    // The board shows each player's answers with what they earned.
    const row = player.getByTestId('leaderboard').locator('tbody tr').first();
    await row.getByText('Picks').click();
    await expect
      .poll(() => row.getByTestId('player-answer').allTextContents(), { timeout: 20_000 })
      .toEqual([
        'Who enters at #30?: Entrant 30 (+3)',
        'Final Four: Entrant 12, Entrant 6, Entrant 21, Entrant 3 (+10)',
        "The winner's entry number: 27 (+4)",
      ]);
    await player.screenshot({ path: 'build/screenshots/questions-scored-360.png', fullPage: true });
    await player.locator('section.questions').screenshot({ path: 'build/screenshots/questions-outcomes-360.png' });
    expect(errors).toEqual([]);
  }, 90_000);
});
