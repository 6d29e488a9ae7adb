/**
 * The commissioners' nudges on the phone's events screen, rendered alone (the API call mocked): the
 * notice in words; tapping it opens the event; Dismiss hides it and asks the API to drop it.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react-native';
import { client } from '../src/api';
import { NavContext, type Nav } from '../src/nav';
import { NudgeNotices } from '../src/NudgeNotices';
import type { Upcoming } from '../src/use-upcoming';

const nudge = {
  __typename: 'Nudge',
  id: '2030-06-01#ev1#lg1',
  leagueId: 'lg1',
  leagueName: 'Dynamite League',
  byName: 'Sam',
  nudgedAt: '2030-06-01T18:00:00.000Z',
};
const upcoming = [
  { event: { id: 'ev1', name: 'Full Gear' }, myNudges: [nudge] },
  { event: { id: 'ev2', name: 'Worlds End' }, myNudges: [] },
] as unknown as Upcoming[];

describe("the commissioners' nudges on the phone", () => {
  it('says who nudged for which event, opens it, and is dismissed', async () => {
    const go = jest.fn();
    const nav = { route: { screen: 'events' }, go, back: jest.fn(), reset: jest.fn() } as unknown as Nav;
    const graphql = jest.spyOn(client, 'graphql').mockResolvedValue({ data: { dismissNudge: true } } as never);
    await render(
      <NavContext.Provider value={nav}>
        <NudgeNotices upcoming={upcoming} />
      </NavContext.Provider>,
    );
    expect(screen.getAllByTestId('nudge')).toHaveLength(1);
    const text = screen.getByText(
      'Sam, your commissioner of Dynamite League, nudged you: pick Full Gear before the bell.',
    );
    await fireEvent.press(text);
    expect(go).toHaveBeenCalledWith({ screen: 'event', eventId: 'ev1' });
    await fireEvent.press(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('nudge')).toBeNull();
    expect(graphql).toHaveBeenCalledWith(expect.objectContaining({ variables: { id: nudge.id } }));
  });
});
