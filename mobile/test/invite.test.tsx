/**
 * An invite link on the React Native app (issue 41), against the local stack scripts/test.mts started:
 * opened signed out, the app shows the league (its name, commissioner and members) above the sign-in
 * and its Create Account; once signed in, the link's Join screen shows the same league and joins it.
 * Then the Leagues list's form: a code is looked up only once whole and the typing has paused, and
 * its refusals are said in plain words before any Join (joins closed, unknown code, too many tries).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import '@testing-library/react-native/dont-cleanup-after-each'; // one app for the whole file
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react-native';
import { generateClient } from 'aws-amplify/api';
import * as Linking from 'expo-linking';
import { leaguePreview } from '@pickem/client/graphql/queries';
import { inviteLine, SIGN_IN_TO_JOIN } from '@pickem/client/invite';
import { App } from '../src/App';
import { asAdmin, DEMO_PASSWORD, demoEmail } from './stack';

// The link the phone's OS hands the app.
jest.mock('expo-linking', () => ({
  ...jest.requireActual<object>('expo-linking'),
  useLinkingURL: jest.fn(() => null),
}));

const RUN = Date.now() % 100_000;
/** What an answer may take on a busy two-core machine. */
const LIVE = { timeout: 20_000 };
const player = generateClient(); // the app's own client, signed in as the app's player
const joinButton = () => screen.getByRole('button', { name: 'Join league' });

afterAll(cleanup);

async function adminLeague(name: string): Promise<{ id: string; inviteCode: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const { seasons } = await asAdmin<{ seasons: { id: string; startDate: string; endDate: string }[] }>(
    '{ seasons { id startDate endDate } }',
  );
  const season = seasons.find((s) => s.startDate <= today && today <= s.endDate)!;
  const { createLeague } = await asAdmin(
    'mutation ($input: CreateLeagueInput!) { createLeague(input: $input) { id inviteCode } }',
    { input: { name, seasonId: season.id } },
  );
  return createLeague;
}

async function typeCode(code: string) {
  await fireEvent.changeText(screen.getByLabelText('Invite code'), code);
}

describe('an invite link on the React Native app', () => {
  let open: { id: string; inviteCode: string };
  let closed: { id: string; inviteCode: string };

  it('shows the league above the sign-in when opened signed out, then joins it once signed in', async () => {
    open = await adminLeague(`Phone Guest League ${RUN}`);
    const { leaguePreview: expected } = await asAdmin(leaguePreview, { code: open.inviteCode });
    jest.mocked(Linking.useLinkingURL).mockReturnValue(`pickem://join/${open.inviteCode}`);
    await render(<App />);

    expect(await screen.findByTestId('invite-line', {}, LIVE)).toHaveTextContent(inviteLine(expected));
    expect(expected.commissionerName).toBeTruthy();
    expect(screen.getByTestId('preview-name')).toHaveTextContent(`Phone Guest League ${RUN}`);
    expect(screen.getByText(SIGN_IN_TO_JOIN)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();

    await fireEvent.changeText(screen.getByPlaceholderText(/email/i), demoEmail('player07'));
    await fireEvent.changeText(screen.getByPlaceholderText(/password/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    // Signed in, the link's Join screen: its code typed in, the same league, and the Join.
    expect(await screen.findByRole('header', { name: 'Join a league' }, LIVE)).toBeTruthy();
    expect(screen.getByLabelText('Invite code').props.value).toBe(open.inviteCode);
    expect(await screen.findByTestId('invite-line', {}, LIVE)).toHaveTextContent(inviteLine(expected));
    expect(screen.queryByTestId('guest-invite')).toBeNull();
    await fireEvent.press(joinButton());
    expect(await screen.findByRole('header', { name: `Phone Guest League ${RUN}` }, LIVE)).toBeTruthy();
    expect(await screen.findAllByTestId('league-row', {}, LIVE)).toHaveLength(2);
  }, 90_000);

  it('looks a typed code up once it is whole and the typing pauses, and says a closed league before the Join', async () => {
    closed = await adminLeague(`Phone Closed League ${RUN}`);
    await asAdmin('mutation ($input: UpdateLeagueInput!) { updateLeague(input: $input) { id } }', {
      input: { id: closed.id, joinsOpen: false },
    });
    await fireEvent.press(screen.getByRole('tab', { name: 'Leagues' }));
    await screen.findByLabelText('Invite code', {}, LIVE);

    // A code not whole yet is not looked up (it would count as a wrong code) and cannot be sent.
    await typeCode(closed.inviteCode.slice(0, -1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect(screen.queryByTestId('league-preview')).toBeNull();
    expect(joinButton()).toBeDisabled();

    await typeCode(closed.inviteCode);
    expect(screen.queryByTestId('league-preview')).toBeNull(); // not before the typing pauses
    expect(await screen.findByTestId('preview-name', {}, LIVE)).toHaveTextContent(`Phone Closed League ${RUN}`);
    expect(screen.getByText('This league is not taking new members: its commissioner has closed joins.')).toBeTruthy();
    expect(joinButton()).toBeDisabled();
  }, 60_000);

  it('says an unknown code, then too many tries, in plain words', async () => {
    // Wrong codes are counted in one-minute windows: start this test well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await act(() => new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute)));
    await typeCode('ZZZZZ-ZZZZZ');
    expect(await screen.findByText(/^No league has this invite code\./, {}, LIVE)).toBeTruthy();

    // The player's other wrong codes this minute (the API allows 5), then a right one is refused too.
    for (const code of ['ZZZZZ-ZZZZY', 'ZZZZZ-ZZZZX', 'ZZZZZ-ZZZZW', 'ZZZZZ-ZZZZV'])
      await expect(player.graphql({ query: leaguePreview, variables: { code } })).rejects.toBeTruthy();
    await typeCode(closed.inviteCode);
    expect(await screen.findByText('Too many wrong codes. Try again in a minute.', {}, LIVE)).toBeTruthy();
    expect(screen.queryByTestId('preview-name')).toBeNull();
  }, 90_000);
});
