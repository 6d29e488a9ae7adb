/**
 * The admin's questions in the web app (issue 42), in headless Chromium on the stack `npm start` runs,
 * at 360 px and at desktop width: a 30-entrant Rumble typed one entrant a line, a "who takes the fall"
 * question filled from a tag match, a Final Four filled from the Rumble, a number question (one edit,
 * one check the form makes before asking the API); then the broadcast, an answer to each choice
 * question and a void, a clear and the void again, each read back through the API. Skipped only where
 * Chromium is missing outside CI.
 */
import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from '../../scripts/app-browser.ts';
import { emptyStack } from './empty-stack.ts';

const SIZES = [
  ['360', { width: 360, height: 800 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;
const RUMBLE = Array.from({ length: 30 }, (_, i) => `Entrant ${String(i + 1).padStart(2, '0')}`);
const FALL = 'Who takes the fall in The Young Bucks vs FTR?';
const FINAL_FOUR = 'Who makes the Final Four?';
const ENTRY = "The winner's entry number";

const app = emptyStack();
const { asAdmin, errors } = app;

type Answer = { options: number[]; number: number | null; void: boolean } | null;
const questionsOf = async (eventId: string) =>
  (
    await asAdmin<{
      eventCard: {
        questions: {
          kind: string;
          text: string;
          options: string[];
          pickCount: number;
          points: number;
          closePoints: number;
          closeRange: number;
          answer: Answer;
        }[];
      };
    }>(
      'query ($id: ID!) { eventCard(eventId: $id) { questions { kind text options pickCount points closePoints closeRange answer { options number void } } } }',
      { id: eventId },
    )
  ).eventCard.questions;

describe.skipIf(skipBrowserTests)("the admin's questions, in the web app", () => {
  for (const [size, viewport] of SIZES)
    it(`builds a Rumble and three questions, then answers, voids and clears them (${size})`, async () => {
      const admin = await app.openAs('admin', { viewport });
      const startsAt = new Date(Date.now() + 3_600_000).toISOString();
      const { createEvent } = await asAdmin<{ createEvent: { id: string } }>(
        'mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }',
        { i: { name: `Rumble Night ${size}`, date: startsAt.slice(0, 10), startsAt } },
      );
      const eventId = createEvent.id;
      await admin.goto(`${app.stack.appUrl}#/event/${eventId}`);
      await admin.getByRole('heading', { name: 'Build the card' }).waitFor();
      const status = (text: string | RegExp) => admin.getByRole('status').filter({ hasText: text }).first().waitFor();

      // The Rumble: its 30 entrants, one a line; and a tag match for who takes the fall.
      const addMatch = admin.getByRole('form', { name: 'Add a match' });
      for (const [name, teams] of [
        ["Men's Royal Rumble", RUMBLE.join('\n')],
        ['', 'The Young Bucks: Matthew Jackson & Nicholas Jackson\nFTR: Dax Harwood & Cash Wheeler'],
      ]) {
        await addMatch.getByLabel('Match name').fill(name);
        await addMatch.getByLabel('Teams').fill(teams);
        await addMatch.getByRole('button', { name: 'Add match' }).click();
        await admin
          .getByRole('list', { name: 'Card order' })
          .getByText(name || 'The Young Bucks vs FTR')
          .waitFor();
      }

      const form = admin.getByRole('form', { name: 'Add a question' });
      const fillFrom = form.getByLabel(/^Who takes the fall\? Fill/);
      const added = async (text: string) => {
        await form.getByRole('button', { name: 'Add question' }).click();
        await admin.getByRole('list', { name: 'Questions' }).getByText(text).waitFor();
      };
      // Who takes the fall: the helper names the match and every member of both teams.
      await fillFrom.selectOption({ label: 'The Young Bucks vs FTR' });
      expect(await form.getByLabel(/^Question/).inputValue()).toBe(FALL);
      expect(await form.getByLabel(/^Options, one a line/).inputValue()).toBe(
        'Matthew Jackson\nNicholas Jackson\nDax Harwood\nCash Wheeler',
      );
      await added(FALL);
      // The Final Four: the Rumble's entrants from the helper, then several options, 4 picked, 5 a hit.
      await fillFrom.selectOption({ label: "Men's Royal Rumble" });
      await form.getByLabel('Kind').selectOption('MULTI');
      await form.getByLabel(/^Question/).fill(FINAL_FOUR);
      await form.getByLabel('Options each player picks').fill('4');
      await form.getByLabel(/^Points/).fill('5');
      await added(FINAL_FOUR);
      // The form says what the API would refuse before asking it: a choice needs two options.
      await form.getByLabel(/^Question/).fill('Who enters at #30?');
      await form.getByLabel(/^Options, one a line/).fill('Entrant 30');
      await form.getByRole('button', { name: 'Add question' }).click();
      expect(await form.getByRole('alert').textContent()).toBe('A question has 2 to 30 options.');
      // The winner's entry number: exact 10, within 2 of it 4 (then edited to 12 for the exact number).
      await form.getByLabel('Kind').selectOption('NUMBER');
      await form.getByLabel(/^Question/).fill(ENTRY);
      await form.getByLabel(/^Points/).fill('10');
      await form.getByLabel(/^Close points/).fill('4');
      await form.getByLabel(/^Close range/).fill('2');
      await added(ENTRY);
      await admin.getByRole('button', { name: `Edit ${ENTRY}` }).click();
      const edit = admin.getByRole('form', { name: `Edit ${ENTRY}` });
      await edit.getByLabel(/^Points/).fill('12');
      await edit.getByRole('button', { name: 'Save question' }).click();
      await status('Question saved.');
      await admin.screenshot({ path: `build/screenshots/question-builder-${size}.png`, fullPage: true });

      expect(await questionsOf(eventId)).toEqual([
        {
          kind: 'CHOICE',
          text: FALL,
          options: ['Matthew Jackson', 'Nicholas Jackson', 'Dax Harwood', 'Cash Wheeler'],
          pickCount: 1,
          points: 5,
          closePoints: 0,
          closeRange: 0,
          answer: null,
        },
        {
          kind: 'MULTI',
          text: FINAL_FOUR,
          options: RUMBLE,
          pickCount: 4,
          points: 5,
          closePoints: 0,
          closeRange: 0,
          answer: null,
        },
        {
          kind: 'NUMBER',
          text: ENTRY,
          options: [],
          pickCount: 0,
          points: 12,
          closePoints: 4,
          closeRange: 2,
          answer: null,
        },
      ]);

      // The broadcast (ahead of the advertised bell: asked twice), then the answers.
      await admin.getByRole('button', { name: 'Start the broadcast' }).click();
      await admin.getByRole('button', { name: 'Yes, start now and lock picks early' }).click();
      await admin.getByRole('heading', { name: 'Answers to the questions' }).waitFor();
      const question = (text: string) => admin.getByRole('listitem', { name: text });
      const saved = async (text: string, done: string) => {
        await question(text).getByRole('status').filter({ hasText: done }).waitFor();
      };
      await question(FALL).getByLabel('Right option').selectOption({ label: 'Dax Harwood' });
      await question(FALL).getByRole('button', { name: 'Set answer' }).click();
      await saved(FALL, 'Answer saved.');
      for (const entrant of [30, 2, 17, 9])
        await question(FINAL_FOUR)
          .getByLabel(RUMBLE[entrant - 1])
          .check();
      await question(FINAL_FOUR).getByRole('button', { name: 'Set answer' }).click();
      await saved(FINAL_FOUR, 'Answer saved.');
      await question(ENTRY).getByRole('button', { name: 'Void' }).click();
      await saved(ENTRY, 'Question voided.');
      const answers = async () => (await questionsOf(eventId)).map((q) => q.answer);
      await expect.poll(answers).toEqual([
        { options: [2], number: null, void: false },
        { options: [1, 8, 16, 29], number: null, void: false },
        { options: [], number: null, void: true },
      ]);
      expect(await question(ENTRY).getByTestId('answer-set').textContent()).toBe('Voided');
      await admin.screenshot({ path: `build/screenshots/question-answers-${size}.png`, fullPage: true });
      // Cleared, then the number set after all.
      await question(ENTRY).getByRole('button', { name: 'Clear' }).click();
      await saved(ENTRY, 'Answer cleared.');
      expect((await answers())[2]).toBeNull();
      await question(ENTRY).getByLabel('Answer').fill('27');
      await question(ENTRY).getByRole('button', { name: 'Set answer' }).click();
      await saved(ENTRY, 'Answer saved.');
      expect((await answers())[2]).toEqual({ options: [], number: 27, void: false });
      expect(await question(ENTRY).getByTestId('answer-set').textContent()).toBe('Answer: 27');
      expect(errors).toEqual([]);
    }, 120_000);
});
