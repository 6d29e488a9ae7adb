/**
 * The real screens under jest-expo, with the real aws-amplify client, against the local stack that
 * scripts/test.mts started (the demo season).
 */
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react-native';
import { App } from '../src/App';
import { DEMO_PASSWORD, demoEmail } from './stack';

describe('a player on the app', () => {
  it('signs in with the Authenticator and sees the events', async () => {
    await render(<App />);
    await fireEvent.changeText(await screen.findByPlaceholderText(/email/i), demoEmail('player01'));
    await fireEvent.changeText(screen.getByPlaceholderText(/password/i), DEMO_PASSWORD);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('AEW Full Gear', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
