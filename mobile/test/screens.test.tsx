/**
 * The real screens under jest-expo, with the real aws-amplify client, against the local stack that
 * scripts/test.mts started (the demo season). One app is rendered for the whole file, as a player
 * keeps it open: an account created (its code read from the local outbox) and signed out, signing in, an event's card picked and saved, locked at the bell, then results and
 * the leaderboard arriving live (the admin's calls go through the API, and the test never re-renders),
 * then a league joined by its code. The native modules the preset cannot run: test/native-modules.ts.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import '@testing-library/react-native/dont-cleanup-after-each'; // one app for the whole file
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react-native';
import { generateClient } from 'aws-amplify/api';
import { signOut } from 'aws-amplify/auth';
import { useNetInfo } from '@react-native-community/netinfo';
import * as Linking from 'expo-linking';
import { eventCard, userProfile } from '@pickem/client/graphql/queries';
import { rulesText } from '@pickem/client/rules';
import { App } from '../src/App';
import { asAdmin, DEMO_PASSWORD, demoEmail, OUTBOX_URL } from './stack';
import { emailedCode } from '../../scripts/outbox-code';
import { EVERY_RULE_ON } from '../../scripts/demo/rules';

// The link the phone's OS hands the app (expo-linking's hook, null until the deep-link test sets one).
jest.mock('expo-linking', () => ({
  ...jest.requireActual<object>('expo-linking'),
  useLinkingURL: jest.fn(() => null),
}));

const BELL_IN_MS = 30_000;
/** Event ids come from name and date: a name of this run's own. */
const SHOW = `AEW Collision Phone Night ${Date.now() % 100_000}`;
/** What a live update may take to arrive on a busy two-core machine. */
const LIVE = { timeout: 20_000 };
const player = generateClient(); // the app's own client, signed in as the app's player: what the API kept

afterAll(cleanup);

/** An UPCOMING event with two matches whose bell rings `inMs` from now, under `rules` (the defaults if none). */
async function eventWithBellIn(name: string, inMs: number, rules?: typeof EVERY_RULE_ON) {
  const startsAt = new Date(Date.now() + inMs).toISOString();
  const { createEvent } = await asAdmin('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name, date: startsAt.slice(0, 10), startsAt, ...(rules ? { rules } : {}) },
  });
  const matches: string[] = [];
  for (const teams of [
    ['Will Ospreay', 'Kenny Omega'],
    ['Mercedes Moné', 'Toni Storm'],
  ]) {
    const { addMatch } = await asAdmin(
      'mutation ($e: ID!, $input: MatchInput!) { addMatch(eventId: $e, input: $input) { id } }',
      { e: createEvent.id, input: { points: 10, teams: teams.map((member) => ({ members: [member] })) } },
    );
    matches.push(addMatch.id);
  }
  return { id: createEvent.id as string, matches, startsAt };
}

const matchCard = (index: number) => within(screen.getAllByTestId('match')[index]);
const tab = (name: string) => fireEvent.press(screen.getByRole('tab', { name }));

describe('a player on the React Native app, on the local stack', () => {
  let show: Awaited<ReturnType<typeof eventWithBellIn>>;

  it('creates an account with a chosen name and is signed in after the emailed code', async () => {
    const email = `phone-${Date.now()}@example.com`;
    await render(<App />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Create Account' }));
    await fireEvent.changeText(screen.getByPlaceholderText('The name other players see'), 'Phone Newcomer');
    await fireEvent.changeText(screen.getByPlaceholderText(/email/i), email);
    await fireEvent.changeText(screen.getByPlaceholderText(/^enter your password/i), DEMO_PASSWORD);
    await fireEvent.changeText(screen.getByPlaceholderText(/confirm/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getAllByRole('button', { name: 'Create Account' }).at(-1)!);
    expect(await screen.findByText('Confirmation Code', {}, LIVE)).toBeTruthy();
    await fireEvent.changeText(screen.getByPlaceholderText(/code/i), await emailedCode(OUTBOX_URL, email));
    await fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('tab', { name: 'Profile' }, LIVE);
    tab('Profile');
    expect(await screen.findByText('Phone Newcomer', {}, LIVE)).toBeTruthy();
    await act(() => signOut());
    await cleanup();
  });

  it('signs in with the Authenticator and sees the events', async () => {
    show = await eventWithBellIn(SHOW, BELL_IN_MS);
    await render(<App />);
    await fireEvent.changeText(await screen.findByPlaceholderText(/email/i), demoEmail('player01'));
    await fireEvent.changeText(screen.getByPlaceholderText(/password/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(SHOW, {}, LIVE)).toBeTruthy();
  });

  it('opens the event, picks and saves before the bell', async () => {
    await fireEvent.press(screen.getByText(SHOW));
    expect(await screen.findByTestId('countdown')).toBeTruthy();
    await fireEvent.press(matchCard(0).getByRole('radio', { name: 'Kenny Omega' }));
    await fireEvent.press(matchCard(1).getByRole('radio', { name: 'Toni Storm' }));
    await fireEvent.press(screen.getByRole('button', { name: 'Save picks' }));
    expect(await screen.findByText('Picks saved (2 of 2).')).toBeTruthy();
    const { data } = await player.graphql({ query: eventCard, variables: { eventId: show.id } });
    expect(data.eventCard?.myPrediction?.picks).toEqual([
      { __typename: 'Pick', matchId: show.matches[0], team: 1, method: null, joker: false },
      { __typename: 'Pick', matchId: show.matches[1], team: 1, method: null, joker: false },
    ]);
  });

  it(
    'locks the picks when the bell rings',
    async () => {
      expect(Date.parse(show.startsAt) - Date.now()).toBeGreaterThan(0); // still open when this test starts
      expect(await screen.findByTestId('locked', {}, { timeout: BELL_IN_MS + 10_000 })).toBeTruthy();
      for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Save picks' })).toBeNull();
    },
    BELL_IN_MS + 20_000,
  );

  it("shows the admin's results and the leaderboard live, without a re-render", async () => {
    await asAdmin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
      input: { id: show.id, state: 'BROADCAST' },
    });
    expect(await screen.findByText('Live updates: live', {}, LIVE)).toBeTruthy();
    await asAdmin(
      'mutation ($e: ID!, $m: ID!) { setMatchResult(eventId: $e, matchId: $m, winner: 1, outcome: WIN) { id } }',
      { e: show.id, m: show.matches[0] },
    );
    expect(await matchCard(0).findByText('Winner: Kenny Omega', {}, LIVE)).toBeTruthy();
    expect(matchCard(0).getByTestId('pick-outcome')).toHaveTextContent('Your pick won: +10 pts.');
    const { data } = await player.graphql({ query: userProfile });
    const me = data.userProfile!.user.displayName;
    expect(await screen.findByText(`1. ${me} · 10 pts`, {}, LIVE)).toBeTruthy();
    expect(screen.getByText('Leaderboard (provisional)')).toBeTruthy();
  }, 60_000);

  it(
    'plays an event with every rule on: joker, finish and tie-break saved, then what the pick earned and why',
    async () => {
      const name = `${SHOW} Rules`;
      const rulesShow = await eventWithBellIn(name, BELL_IN_MS, EVERY_RULE_ON);
      await tab('Events');
      await fireEvent.press(await screen.findByText(name, {}, LIVE));
      expect(await screen.findByTestId('countdown')).toBeTruthy();
      // The rules in words, and the warning of a card not picked within a day of the bell.
      const rulesLines = rulesText({ __typename: 'ScoringRules', ...EVERY_RULE_ON });
      expect(rulesLines.length).toBeGreaterThan(4);
      for (const line of rulesLines) expect(within(screen.getByTestId('rules')).getByText(`• ${line}`)).toBeTruthy();
      expect(screen.getByTestId('lock-warning')).toHaveTextContent(/^Locks in 1 min, 2 matches unpicked$/);
      await fireEvent.press(matchCard(0).getByRole('radio', { name: 'Kenny Omega' }));
      await fireEvent.press(matchCard(0).getByRole('switch', { name: 'Joker (×2)' }));
      await fireEvent.press(matchCard(0).getByRole('radio', { name: 'submission' }));
      await fireEvent.press(matchCard(1).getByRole('radio', { name: 'Toni Storm' }));
      await fireEvent.changeText(screen.getByLabelText('Tie-break guess'), '23');
      await fireEvent.press(screen.getByRole('button', { name: 'Save picks' }));
      expect(await screen.findByText('Picks saved (2 of 2).')).toBeTruthy();
      expect(screen.queryByTestId('lock-warning')).toBeNull(); // the card is picked
      const { data } = await player.graphql({ query: eventCard, variables: { eventId: rulesShow.id } });
      expect(data.eventCard?.myPrediction?.tieBreak).toBe(23);
      expect(data.eventCard?.myPrediction?.picks).toEqual([
        { __typename: 'Pick', matchId: rulesShow.matches[0], team: 1, method: 'SUBMISSION', joker: true },
        { __typename: 'Pick', matchId: rulesShow.matches[1], team: 1, method: null, joker: false },
      ]);

      expect(await screen.findByTestId('locked', {}, { timeout: BELL_IN_MS + 10_000 })).toBeTruthy();
      await asAdmin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
        input: { id: rulesShow.id, state: 'BROADCAST' },
      });
      await asAdmin(
        'mutation ($e: ID!, $m: ID!) { setMatchResult(eventId: $e, matchId: $m, winner: 1, outcome: WIN, method: SUBMISSION) { id } }',
        { e: rulesShow.id, m: rulesShow.matches[0] },
      );
      expect(await matchCard(0).findByText('Winner: Kenny Omega by submission', {}, LIVE)).toBeTruthy();
      // Ten points doubled by the joker, and the finish called (the only pick: no underdog, no title).
      expect(matchCard(0).getByTestId('pick-outcome')).toHaveTextContent('+20: joker, +5: called the submission');
      const row = await screen.findByText(/^1\. .* · 25 pts$/, {}, LIVE);
      const { data: after } = await player.graphql({ query: eventCard, variables: { eventId: rulesShow.id } });
      const [mine] = after.eventCard!.leaderboard!.items;
      expect(row).toHaveTextContent(`1. ${mine.displayName} · 25 pts`);
      // Match 2 is still open: the board says what the player can still add on it, as the API counts it.
      expect(mine.possiblePoints).toBeGreaterThan(0);
      expect(screen.getByTestId('possible')).toHaveTextContent(`+${mine.possiblePoints} possible`);
      // Under the row, as every player sees it from the lock: the guess, and the picks with the joker and finish.
      expect(screen.getByTestId('tie-break-caption').props.children).toMatch(/^Tie-break: /);
      expect(screen.getByTestId('row-picks').props.children).toBe(
        'Tie-break: 23\n1. Kenny Omega, Joker ×2, by submission ✓ · 2. Toni Storm',
      );
    },
    BELL_IN_MS + 60_000,
  );

  it('joins a league by its code and sees its table', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { seasons } = await asAdmin<{ seasons: { id: string; startDate: string; endDate: string }[] }>(
      '{ seasons { id startDate endDate } }',
    );
    const season = seasons.find((s) => s.startDate <= today && today <= s.endDate)!;
    const { createLeague } = await asAdmin(
      'mutation ($input: CreateLeagueInput!) { createLeague(input: $input) { id inviteCode } }',
      { input: { name: 'Phone Test League', seasonId: season.id } },
    );
    await tab('Leagues');
    await fireEvent.changeText(await screen.findByLabelText('Invite code'), createLeague.inviteCode);
    await fireEvent.press(screen.getByRole('button', { name: 'Join league' }));
    expect(await screen.findByRole('header', { name: 'Phone Test League' }, LIVE)).toBeTruthy();
    const { league } = await asAdmin<{
      league: { standings: { rank: number; displayName: string; points: number }[] };
    }>('query ($id: ID!) { league(leagueId: $id) { standings { rank displayName points } } }', { id: createLeague.id });
    expect(league.standings).toHaveLength(2);
    expect(screen.getAllByTestId('league-row').map((row) => row.props.children.join(''))).toEqual(
      league.standings.map((s) => `${s.rank ?? '–'}. ${s.displayName} · ${s.points ?? 0} pts`),
    );
  }, 60_000);

  it("shows the season's standings as the API ranks them, and the event in the player's history", async () => {
    // The newest season with standings (the demo's scored events); the screen opens on the newest started.
    type Row = { rank: number; displayName: string; points: number };
    const { seasons } = await asAdmin<{ seasons: { id: string; name: string }[] }>('{ seasons { id name } }');
    let season: { name: string; rows: Row[] } | undefined;
    for (const { id, name } of seasons) {
      const { standings } = await asAdmin<{ standings: { items: Row[] } }>(
        'query ($id: ID!) { standings(seasonId: $id, limit: 50) { items { rank displayName points } } }',
        { id },
      );
      if (standings.items.length) season ??= { name, rows: standings.items };
    }
    expect(season!.rows.length).toBeGreaterThan(10);
    await tab('Standings');
    await fireEvent.press(await screen.findByRole('button', { name: season!.name }, LIVE));
    const rows = await screen.findAllByTestId('standings-row', {}, LIVE);
    expect(rows.map((row) => row.props.children.join(''))).toEqual(
      season!.rows.map((s) => `${s.rank ?? '–'}. ${s.displayName} · ${s.points ?? 0} pts`),
    );
    await tab('Profile');
    expect(await screen.findByText(SHOW, {}, LIVE)).toBeTruthy();
  });

  it('opens an invite deep link (pickem://join/<code>) on start and joins; says when the phone is offline', async () => {
    const { seasons } = await asAdmin<{ seasons: { id: string; startDate: string; endDate: string }[] }>(
      '{ seasons { id startDate endDate } }',
    );
    const today = new Date().toISOString().slice(0, 10);
    const { createLeague } = await asAdmin(
      'mutation ($input: CreateLeagueInput!) { createLeague(input: $input) { id inviteCode } }',
      {
        input: {
          name: 'Phone Invite League',
          seasonId: seasons.find((s) => s.startDate <= today && today <= s.endDate)!.id,
        },
      },
    );
    await cleanup();
    // The OS opens the app on an invite link, and netinfo answers that there is no network.
    jest.mocked(Linking.useLinkingURL).mockReturnValue(`pickem://join/${createLeague.inviteCode}`);
    jest.mocked(useNetInfo).mockReturnValue({ ...useNetInfo(), isConnected: false });
    await render(<App />); // still signed in: the tokens are in (mocked) async-storage
    expect(await screen.findByTestId('invite-line', {}, LIVE)).toHaveTextContent(
      / invites you to Phone Invite League /,
    );
    expect(screen.getByText('You are offline: what you see may be out of date.')).toBeTruthy();
    await fireEvent.press(screen.getByRole('button', { name: 'Join league' }));
    expect(await screen.findByRole('header', { name: 'Phone Invite League' }, LIVE)).toBeTruthy();
  });
});
