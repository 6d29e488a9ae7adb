/**
 * The league chat on the React Native app (issue 43), against the local stack scripts/test.mts started:
 * a player joins the admin's league by its code; the admin's message arrives live as an unread badge
 * on the chat's header; opening the chat shows it (the badge goes); the player posts, the admin reads
 * it through the API; the admin's next message arrives live, and the commissioner's delete shows the
 * player's message as removed.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import '@testing-library/react-native/dont-cleanup-after-each'; // one app for the whole file
import { cleanup, fireEvent, render, screen } from '@testing-library/react-native';
import { deleteLeagueMessage, postLeagueMessage } from '@pickem/client/graphql/mutations';
import { App } from '../src/App';
import { asAdmin, DEMO_PASSWORD, demoEmail } from './stack';

const LEAGUE = `Phone Chat League ${Date.now() % 100_000}`;
/** What a live message may take to arrive on a busy two-core machine. */
const LIVE = { timeout: 20_000 };
// The admin's calls select every field, as an app's do: a subscriber receives what the mutation selected.
const post = (leagueId: string, text: string) => asAdmin(postLeagueMessage, { leagueId, text });
const texts = () => screen.getAllByTestId('chat-text').map((t) => t.props.children as string);

afterAll(cleanup);

describe('the league chat on the React Native app', () => {
  let league: { id: string; inviteCode: string };

  it('counts a message arriving live as unread until the chat is opened', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { seasons } = await asAdmin<{ seasons: { id: string; startDate: string; endDate: string }[] }>(
      '{ seasons { id startDate endDate } }',
    );
    const season = seasons.find((s) => s.startDate <= today && today <= s.endDate)!;
    league = (
      await asAdmin('mutation ($input: CreateLeagueInput!) { createLeague(input: $input) { id inviteCode } }', {
        input: { name: LEAGUE, seasonId: season.id },
      })
    ).createLeague;

    await render(<App />);
    await fireEvent.changeText(await screen.findByPlaceholderText(/email/i), demoEmail('player05'));
    await fireEvent.changeText(screen.getByPlaceholderText(/password/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    await fireEvent.press(await screen.findByRole('tab', { name: 'Leagues' }, LIVE));
    await fireEvent.changeText(await screen.findByLabelText('Invite code'), league.inviteCode);
    await fireEvent.press(screen.getByRole('button', { name: 'Join league' }));
    expect(await screen.findByRole('header', { name: LEAGUE }, LIVE)).toBeTruthy();
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    await post(league.id, 'Welcome to the league!');
    expect(await screen.findByTestId('chat-unread', {}, LIVE)).toHaveTextContent('1 new');
    await fireEvent.press(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByText('Welcome to the league!', {}, LIVE)).toBeTruthy();
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  }, 90_000);

  it('posts a message, and shows the next one and a removal live', async () => {
    expect(screen.getByTestId('chat-count')).toHaveTextContent('500 of 500 characters left');
    await fireEvent.changeText(screen.getByLabelText('Message (up to 500 characters)'), '  Glad to be here.  ');
    expect(screen.getByTestId('chat-count')).toHaveTextContent('484 of 500 characters left');
    await fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Glad to be here.', {}, LIVE)).toBeTruthy();
    expect(screen.getByLabelText('Message (up to 500 characters)').props.value).toBe('');
    const { league: read } = await asAdmin<{ league: { messages: { items: { id: string; text: string }[] } } }>(
      'query ($l: ID!) { league(leagueId: $l) { messages { items { id text } } } }',
      { l: league.id },
    );
    expect(read.messages.items.map((m) => m.text)).toEqual(['Glad to be here.', 'Welcome to the league!']);

    await post(league.id, 'Picks lock at the bell.');
    expect(await screen.findByText('Picks lock at the bell.', {}, LIVE)).toBeTruthy();
    expect(texts()).toEqual(['Picks lock at the bell.', 'Glad to be here.', 'Welcome to the league!']);
    // The chat is open: what arrives is read at once.
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    // The commissioner removes the player's message.
    await asAdmin(deleteLeagueMessage, { leagueId: league.id, messageId: read.messages.items[0].id });
    expect(await screen.findByText('Message removed', {}, LIVE)).toBeTruthy();
    expect(texts()).toEqual(['Picks lock at the bell.', 'Message removed', 'Welcome to the league!']);
  }, 90_000);
});
