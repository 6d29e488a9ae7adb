/**
 * A question of the event card on the phone, rendered alone (useQuestionAnswer, shared with the web
 * app's QuestionView): a Rumble's 30 options as a compact list with a search, the picks named above it,
 * a MULTI's other options off once it has all it may pick.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react-native';
import type { Question } from '@pickem/client/questions';
import { QuestionCard } from '../src/QuestionCard';

const entrants = Array.from({ length: 30 }, (_, i) => `Entrant ${i + 1}`);
const finalFour = {
  __typename: 'Question',
  id: 'q1',
  position: 1,
  kind: 'MULTI',
  text: 'Who makes the Final Four?',
  options: entrants,
  pickCount: 2,
  points: 5,
  closePoints: 0,
  closeRange: 0,
  answer: null,
  optionShares: null,
} as unknown as Question;

describe("a question on the phone's event card", () => {
  it('searches a long list, names the picks and stops at the pick count', async () => {
    const onChange = jest.fn();
    await render(
      <QuestionCard
        question={finalFour}
        draft={{ options: [2, 11], number: '' }}
        onChange={onChange}
        locked={false}
        saved={null}
      />,
    );
    expect(screen.getByTestId('question-picked')).toHaveTextContent('Your picks: Entrant 3, Entrant 12');
    expect(screen.getAllByRole('checkbox')).toHaveLength(30);
    expect(screen.getByRole('checkbox', { name: 'Entrant 1' })).toBeDisabled();
    await fireEvent.changeText(screen.getByLabelText('Search the options: Who makes the Final Four?'), 'entrant 2');
    expect(screen.getAllByRole('checkbox').map((c) => c.props.accessibilityLabel)).toEqual([
      'Entrant 2',
      ...entrants.slice(19, 29),
    ]);
    await fireEvent.changeText(screen.getByLabelText('Search the options: Who makes the Final Four?'), 'nobody');
    expect(screen.getByText('No option matches “nobody”.')).toBeTruthy();
  });
});
