/**
 * The questions beyond the winner on the React Native app, against the local stack scripts/test.mts
 * started: a Rumble of 30 with a question of each kind answered (the 30 options through the search box)
 * and saved with the pick, then, the show on, each answer's points arriving live.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import '@testing-library/react-native/dont-cleanup-after-each'; // one app for the whole file
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react-native';
import { generateClient } from 'aws-amplify/api';
import { eventCard } from '@pickem/client/graphql/queries';
import { App } from '../src/App';
import { asAdmin, DEMO_PASSWORD, demoEmail } from './stack';

const SHOW = `Phone Rumble ${Date.now() % 100_000}`;
const LIVE = { timeout: 20_000 };
const ENTRANTS = Array.from({ length: 30 }, (_, i) => `Entrant ${i + 1}`);
const player = generateClient();

afterAll(cleanup);

async function rumble() {
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const { createEvent } = await asAdmin('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name: SHOW, date: startsAt.slice(0, 10), startsAt },
  });
  const id: string = createEvent.id;
  const { addMatch } = await asAdmin(
    'mutation ($e: ID!, $input: MatchInput!) { addMatch(eventId: $e, input: $input) { id } }',
    { e: id, input: { points: 10, name: 'Royal Rumble', teams: ENTRANTS.map((member) => ({ members: [member] })) } },
  );
  const questions: string[] = [];
  for (const input of [
    { kind: 'CHOICE', text: 'Who takes the fall?', options: ['Kofi', 'Xavier', 'Woods'], points: 3 },
    { kind: 'MULTI', text: 'Final Four', options: ENTRANTS, pickCount: 2, points: 5 },
    { kind: 'NUMBER', text: "The winner's entry number", points: 10, closePoints: 4, closeRange: 2 },
  ]) {
    const { addQuestion } = await asAdmin(
      'mutation ($e: ID!, $i: QuestionInput!) { addQuestion(eventId: $e, input: $i) { id } }',
      { e: id, i: input },
    );
    questions.push(addQuestion.id);
  }
  return { id, match: addMatch.id as string, questions };
}

const question = (index: number) => within(screen.getAllByTestId('question')[index]);

describe('the questions on the React Native app', () => {
  let show: Awaited<ReturnType<typeof rumble>>;

  it('answers a choice, two of 30 through the search and a number, and saves them with the pick', async () => {
    show = await rumble();
    await render(<App />);
    await fireEvent.changeText(await screen.findByPlaceholderText(/email/i), demoEmail('player01'));
    await fireEvent.changeText(screen.getByPlaceholderText(/password/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    await fireEvent.press(await screen.findByText(SHOW, {}, LIVE));
    expect(await screen.findByTestId('countdown')).toBeTruthy();

    expect(screen.getAllByTestId('question-worth').map((w) => w.props.children.join(''))).toEqual([
      '3 pts · Pick one',
      '5 pts a hit · Pick 2 (0 of 2 picked)',
      '10 pts exact, 4 within 2 · Your number',
    ]);
    await fireEvent.press(within(screen.getAllByTestId('match')[0]).getByRole('radio', { name: 'Entrant 27' }));
    await fireEvent.press(question(0).getByRole('radio', { name: 'Xavier' }));
    // 30 entrants: a search box narrows the list to what is typed.
    await fireEvent.changeText(question(1).getByLabelText('Search the options: Final Four'), 'entrant 1');
    expect(question(1).getAllByRole('checkbox')).toHaveLength(11); // 1 and 10 to 19
    await fireEvent.press(question(1).getByRole('checkbox', { name: 'Entrant 12' }));
    await fireEvent.changeText(question(1).getByLabelText('Search the options: Final Four'), '6');
    await fireEvent.press(question(1).getByRole('checkbox', { name: 'Entrant 6' }));
    expect(question(1).getByTestId('question-picked')).toHaveTextContent('Your picks: Entrant 12, Entrant 6');
    await fireEvent.changeText(question(2).getByLabelText("The winner's entry number"), '27');

    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    await fireEvent.press(screen.getByRole('button', { name: 'Save picks' }));
    expect(await screen.findByText('Picks saved (1 of 1, 3 of 3 questions answered).', {}, LIVE)).toBeTruthy();
    const sent = fetchSpy.mock.calls
      .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : null))
      .find((body) => body?.query?.includes('mutation SavePrediction'));
    fetchSpy.mockRestore();
    expect(sent.variables).toEqual({
      eventId: show.id,
      picks: [{ matchId: show.match, team: 26 }],
      tieBreak: null,
      answers: [
        { questionId: show.questions[0], options: [1] },
        { questionId: show.questions[1], options: [11, 5] },
        { questionId: show.questions[2], number: 27 },
      ],
    });
    const { data } = await player.graphql({ query: eventCard, variables: { eventId: show.id } });
    expect(data.eventCard?.myPrediction?.answers.map(({ options, number }) => ({ options, number }))).toEqual([
      { options: [1], number: null },
      { options: [11, 5], number: null },
      { options: [], number: 27 },
    ]);
    // Sign-in, the events list and the first render of a 30-option card: 6 s here, past 60 s in one CI run.
  }, 120_000);

  it('shows what each answer earned and why as the answers are set live', async () => {
    await asAdmin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
      input: { id: show.id, state: 'BROADCAST' },
    });
    expect(await screen.findByText('Live updates: live', {}, LIVE)).toBeTruthy();
    const answer =
      'mutation ($e: ID!, $q: ID!, $o: [Int!], $n: Int) { setQuestionAnswer(eventId: $e, questionId: $q, options: $o, number: $n) { id } }';
    await asAdmin(answer, { e: show.id, q: show.questions[0], o: [1] });
    await asAdmin(answer, { e: show.id, q: show.questions[1], o: [11, 20] });
    await asAdmin(answer, { e: show.id, q: show.questions[2], n: 29 });
    expect(await question(2).findByText('+4: within 2 of 29', {}, LIVE)).toBeTruthy();
    expect(question(0).getByTestId('question-outcome')).toHaveTextContent('+3: right');
    expect(question(1).getByTestId('question-outcome')).toHaveTextContent('+5: Final Four hit (1 of 2)');
    expect(question(1).getByTestId('question-answer')).toHaveTextContent('Answer: Entrant 12, Entrant 21');
    expect(await screen.findByTestId('my-points', {}, LIVE)).toHaveTextContent(/^Your points: 12 /);
  }, 60_000);
});
