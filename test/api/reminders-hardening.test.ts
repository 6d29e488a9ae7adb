/**
 * Reminders, fourth hardening pass (issue 45), through the local API and its services port: reminders
 * go only to a verified address (6); a league or event name holding RFC 2047 encoded words reaches the
 * reader as the literal name, read back with a real MIME parser (7); an unsubscribe token verifies
 * only byte for byte (9).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { graphqlRequest, signToken } from 'appsync-local';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localReminderOptions } from '../../scripts/local-reminders.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, matchInput, tableSnapshot } from './mutations-fixtures.ts';

const SET = `mutation($e: Boolean!, $m: Int!) { updateReminders(email: $e, minutesBefore: $m) { reminders { email } } }`;
const NUDGE = 'mutation($l: ID!, $e: ID!) { nudgeLeague(leagueId: $l, eventId: $e) { emailed } }';
/** Decodes to CR LF "Bcc: evil@example.com". */
const EVENT_NAME = '=?UTF-8?B?DQpCY2M6IGV2aWxAZXhhbXBsZS5jb20=?=';
/**
 * Encoded words that decode to U+202E (right-to-left override) and CR LF "X-Evil: 1", each a whole
 * word (MailComposer would encode the whole text, and so defuse it, if one were malformed).
 */
const LEAGUE_NAME = '=?UTF-8?B?4oCu?= =?UTF-8?Q?=0D=0AX-Evil=3A_1?= league';

let api: TestApi;
let outboxDir: string;

const idToken = (username: string, emailVerified?: boolean) =>
  signToken(api.app.key, { username, use: 'id', email: `${username}@example.com`, emailVerified });

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(tmpdir(), 'pickem-outbox-'));
  api = await startTestApi({
    services: { port: 0, outboxDir },
    ...localReminderOptions({ appUrl: 'http://app.test', unsubscribeKey: 'test-unsubscribe-key' }),
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('reminders go only to a verified address (finding 6)', () => {
  it('refuse an ID token whose email_verified is not true, with a ValidationError, and write nothing', async () => {
    const before = await tableSnapshot(api);
    const res = await graphqlRequest(api.app.url, idToken('unverified', false), SET, { e: true, m: 60 });
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'Verify your email address before turning on reminders.',
    });
    expect(await tableSnapshot(api)).toBe(before);
    // Turning them off needs no address.
    const off = await graphqlRequest(api.app.url, idToken('unverified', false), SET, { e: false, m: 60 });
    expect(off.errors).toBeUndefined();
    const on = await graphqlRequest(api.app.url, idToken('unverified', true), SET, { e: true, m: 60 });
    expect(on.errors).toBeUndefined();
    expect(on.data).toEqual({ updateReminders: { reminders: { email: true } } });
  });
});

describe('names in headers (finding 7) and unsubscribe tokens (finding 9)', () => {
  let mailFile: string;

  it('a nudge whose league and event names hold encoded words shows the literal names, one Subject, no Bcc', async () => {
    const { createEvent } = await api.data(
      ADMIN,
      OP.createEvent,
      { i: { name: EVENT_NAME, date: '2030-06-01', startsAt: new Date(Date.now() + 7_200_000).toISOString() } },
      ADMIN_GROUPS,
    );
    await api.data(ADMIN, OP.addMatch, { e: createEvent.id, i: matchInput(1) }, ADMIN_GROUPS);
    const { createLeague } = await api.data('chief', LEAGUE_OP.create, { i: { name: LEAGUE_NAME, seasonId: '2030' } });
    const opted = await graphqlRequest(api.app.url, idToken('member'), SET, { e: true, m: 60 });
    expect(opted.errors).toBeUndefined();
    await api.data('member', LEAGUE_OP.join, { c: createLeague.inviteCode });
    const sent = await api.data('chief', NUDGE, { l: createLeague.id, e: createEvent.id });
    expect(sent.nudgeLeague.emailed).toBe(1);

    const entry = api.app.services!.outbox.list().find((e) => {
      const raw = readFileSync(path.join(outboxDir, e.file), 'utf8');
      return raw.includes('To: member@example.com');
    })!;
    mailFile = entry.file;
    const raw = readFileSync(path.join(outboxDir, entry.file));
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe(`${LEAGUE_NAME}: ${EVENT_NAME} locks in 2 hours, 1 match unpicked`);
    expect(mail.subject).not.toMatch(/[\r\n\u202e]/);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.has('x-evil')).toBe(false);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headerLines.filter((h) => h.key === 'subject')).toHaveLength(1);
    expect(mail.to).toMatchObject({ value: [{ address: 'member@example.com' }] });
  });

  it('an unsubscribe token verifies only byte for byte: a changed last character or anything appended is refused', async () => {
    const mail = await simpleParser(readFileSync(path.join(outboxDir, mailFile)));
    const line = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    const link = /<([^>]+)>/.exec(line)![1];
    const token = new URL(link).searchParams.get('token')!;
    // 32 MAC bytes are 43 characters whose last carries 2 spare bits, 0 in the token: the next letter or
    // digit differs only in them and decodes to the same bytes.
    const sibling = String.fromCharCode(token.charCodeAt(token.length - 1) + 1);
    const before = await tableSnapshot(api);
    for (const variant of [token.slice(0, -1) + sibling, `${token}=`, `${token}!`, `${token} `, `${token}==`]) {
      const url = new URL(link);
      url.searchParams.set('token', variant);
      const res = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect({ variant, status: res.status }).toEqual({ variant, status: 400 });
    }
    expect(await tableSnapshot(api)).toBe(before);
    const res = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await tableSnapshot(api)).not.toBe(before);
  });
});
