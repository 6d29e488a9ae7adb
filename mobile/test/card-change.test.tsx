/** The event screen's late card change notice on the phone, rendered alone. */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react-native';
import { CardChangeNotice } from '../src/CardChangeNotice';

const change = {
  __typename: 'CardChange' as const,
  matchId: 'm2',
  position: 3,
  at: '2030-06-01T10:00:00.000Z',
  removed: false,
  sides: [0],
  before: ['Seth Rollins'],
  after: ['Cody Rhodes'],
};
const cardWith = (updatedAt: string) =>
  ({
    event: { cardChanges: [change] },
    myPrediction: { updatedAt, picks: [{ matchId: 'm2', team: 0 }] },
  }) as never;

describe('the card change notice', () => {
  it('tells the player whose pick the change touched to pick again', async () => {
    await render(<CardChangeNotice card={cardWith('2030-06-01T09:00:00.000Z')} />);
    expect(screen.getByTestId('card-change')).toHaveTextContent(
      'The card changed: Cody Rhodes replaced Seth Rollins in match 3; your pick was cleared, pick again.',
    );
  });

  it('is gone once the picks were saved after the change', async () => {
    await render(<CardChangeNotice card={cardWith('2030-06-01T11:00:00.000Z')} />);
    expect(screen.queryByTestId('card-change')).toBeNull();
  });
});
