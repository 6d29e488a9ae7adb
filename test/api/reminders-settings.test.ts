/** updateReminders and User.reminders: the caller's own settings, validation with nothing written. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, signToken } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { OP, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;

const SET = `mutation($e: Boolean!, $m: Int!) { updateReminders(email: $e, minutesBefore: $m) { id displayName reminders { email minutesBefore } } }`;
const MINE = `query { userProfile { user { id reminders { email minutesBefore } } } }`;
const THEIRS = `query($u: ID) { userProfile(userId: $u) { user { id reminders { email minutesBefore } } } }`;

/** An ID token, which carries the email claim as Cognito's do. */
const idToken = (username: string, email?: string) => signToken(api.app.key, { username, use: 'id', email });

beforeAll(async () => {
  api = await startTestApi();
  await api.data('rem-1', OP.updateMyProfile, { n: 'Reminded One' });
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('reminder settings', () => {
  it('default to no email an hour before, and are saved with the address of the ID token', async () => {
    const before = await api.data('rem-1', MINE);
    expect(before.userProfile.user.reminders).toEqual({ email: false, minutesBefore: 60 });
    const saved = await graphqlRequest(api.app.url, idToken('rem-1', 'rem1@example.com'), SET, { e: true, m: 10 });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateReminders).toMatchObject({
      displayName: 'Reminded One',
      reminders: { email: true, minutesBefore: 10 },
    });
    const after = await api.data('rem-1', MINE);
    expect(after.userProfile.user.reminders).toEqual({ email: true, minutesBefore: 10 });
    expect(await tableSnapshot(api)).toContain('rem1@example.com');
  });

  it('are null for another player', async () => {
    const mine = await api.data('rem-1', MINE);
    const theirs = await api.data('rem-2', THEIRS, { u: mine.userProfile.user.id });
    expect(theirs.userProfile.user).toEqual({ id: mine.userProfile.user.id, reminders: null });
  });

  it.each([0, 5, 30, 61, 1439, -10])('refuse minutesBefore %i with a ValidationError and write nothing', async (m) => {
    const before = await tableSnapshot(api);
    const res = await graphqlRequest(api.app.url, idToken('rem-1', 'rem1@example.com'), SET, { e: true, m });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(res.errors?.[0].message).toContain('10, 60, 1440');
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('refuse turning email on without an email claim, and write nothing', async () => {
    const before = await tableSnapshot(api);
    const res = await api.request('rem-3', SET, { e: true, m: 60 });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(await tableSnapshot(api)).toBe(before);
    const off = await api.request('rem-3', SET, { e: false, m: 1440 });
    expect(off.errors).toBeUndefined();
    expect(off.data!.updateReminders.reminders).toEqual({ email: false, minutesBefore: 1440 });
  });
});
