/**
 * Reminders end to end with real parts: the local API on DynamoDB Local, the package's local scheduler
 * firing the reminder function at the schedules' moments, and its SES outbox writing each email as a
 * file. Events start about ten minutes from now, so that their 10-minute reminder fires within seconds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { createDynamoDbClient, graphqlRequest, signToken } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT } from '@pickem/domain/entities/event';
import { TABLE } from '@pickem/domain/entities/table';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { verifyUnsubscribeToken } from '../../amplify/functions/reminders/unsubscribe-token.ts';
import { stateDir } from '../../project.ts';
import { localReminderOptions } from '../../scripts/local-reminders.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, tableSnapshot } from './mutations-fixtures.ts';
import { LEAGUE_OP } from './leagues-fixtures.ts';

const KEY = 'test-unsubscribe-key';
const SET = `mutation($e: Boolean!, $m: Int!) { updateReminders(email: $e, minutesBefore: $m) { id } }`;
/** Ten minutes and `seconds` from now: the 10-minute reminder fires in `seconds`. */
const bellIn = (seconds: number) => new Date(Date.now() + 600_000 + seconds * 1000).toISOString();

/** The players who asked for 10 minutes, on an event where none of them has picked. */
const NOTHING_PICKED = ['complete@example.com', 'missing@example.com', 'partial@example.com'];

let api: TestApi;
let outboxDir: string;

interface Mail {
  file: string;
  time: number;
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

/** The outbox's messages, each with its unfolded headers (lower-cased names) and raw text. */
function outbox(): Mail[] {
  return api.app.services!.outbox.list().map((entry) => {
    const text = readFileSync(path.join(outboxDir, entry.file), 'utf8');
    const head = text.split('\r\n\r\n', 1)[0].replace(/\r\n[ \t]+/g, ' ');
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    return {
      file: entry.file,
      time: Date.parse(entry.time),
      to: headers.to,
      subject: headers.subject,
      headers,
      text: plainText(text),
    };
  });
}

/** The text/plain part of a message, its quoted-printable decoded. */
function plainText(message: string): string {
  const start = message.indexOf('Content-Type: text/plain');
  const body = message.slice(message.indexOf('\r\n\r\n', start) + 4, message.indexOf('\r\n--', start));
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const mailTo = (address: string, since = 0) => outbox().filter((m) => m.to === address && m.time >= since);

async function optIn(username: string, minutesBefore: number, email = true) {
  const token = signToken(api.app.key, { username, use: 'id', email: `${username}@example.com` });
  const res = await graphqlRequest(api.app.url, token, SET, { e: email, m: minutesBefore });
  expect(res.errors).toBeUndefined();
}

async function pick(username: string, eventId: string, matchIds: string[]) {
  await api.data(username, OP.savePrediction, { e: eventId, p: matchIds.map((matchId) => ({ matchId, team: 0 })) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `until` (epoch ms) and then for every invocation it started. */
async function passTime(until: number) {
  await sleep(Math.max(0, until - Date.now()));
  await api.app.settled();
}

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(tmpdir(), 'pickem-outbox-'));
  api = await startTestApi({
    services: { port: 0, outboxDir },
    ...localReminderOptions({ appUrl: 'http://app.test', unsubscribeKey: KEY }),
  });
  await optIn('missing', 10);
  await optIn('partial', 10);
  await optIn('complete', 10);
  await optIn('hour', 60);
  await optIn('off', 10, false);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('reminders', () => {
  it('email the opted-in players with missing picks once, at the lead, and no one else', async () => {
    const bell = bellIn(5);
    const event = await createCard(api, 3, bell);
    await pick('partial', event.id, event.matches.slice(0, 1));
    await pick('complete', event.id, event.matches);
    await pick('off', event.id, []);
    const fireAt = Math.floor((Date.parse(bell) - 600_000) / 1000) * 1000;
    expect(fireAt).toBeGreaterThan(Date.now());
    await passTime(fireAt + 1500);

    const mails = outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)));
    expect(mails.map((m) => m.to).sort()).toEqual(['missing@example.com', 'partial@example.com']);
    for (const mail of mails) {
      // Accepted at the schedule's moment: not before, and within its minute.
      expect(mail.time).toBeGreaterThanOrEqual(fireAt);
      expect(mail.time).toBeLessThan(fireAt + 60_000);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']);
      expect(link![1].startsWith(`${api.app.services!.functionUrls.UnsubscribeFunction}?token=`)).toBe(true);
      const token = decodeURIComponent(new URL(link![1]).searchParams.get('token')!);
      // The token names the player and verifies with the function's key only.
      expect(verifyUnsubscribeToken(KEY, token)).toBe(token.slice(0, token.lastIndexOf('.')));
      expect(verifyUnsubscribeToken('another key', token)).toBeNull();
      expect(mail.text).toContain(`http://app.test/#/event/${encodeURIComponent(event.id)}`);
    }
    const missing = mails.find((m) => m.to === 'missing@example.com')!;
    const partial = mails.find((m) => m.to === 'partial@example.com')!;
    expect(missing.subject).toContain('locks in 10 minutes: 3 matches unpicked');
    expect(partial.subject).toContain('locks in 10 minutes: 2 matches unpicked');
    expect(partial.text).toContain('You have picked 1 of 3; 2 matches still unpicked.');
  }, 60_000);

  it('send once when the same run is fired twice at the same moment', async () => {
    const bell = bellIn(40);
    const event = await createCard(api, 2, bell);
    const scheduler = new SchedulerClient({
      endpoint: api.app.services!.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const at = Date.now() + 2000;
    const Input = JSON.stringify({ action: 'send', eventId: event.id, minutesBefore: 10, startsAt: bell });
    for (const Name of ['twice-a', 'twice-b']) {
      await scheduler.send(
        new CreateScheduleCommand({
          Name,
          ScheduleExpression: `at(${new Date(at).toISOString().slice(0, 19)})`,
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: { Arn: 'arn:aws:lambda:us-east-1:000000000000:function:ReminderFunction', RoleArn: 'r', Input },
        }),
      );
    }
    scheduler.destroy();
    await passTime(at + 1500);
    const mails = outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)));
    expect(mails.map((m) => m.to).sort()).toEqual(NOTHING_PICKED);
  }, 60_000);

  it('move with the bell: nothing at the old time, the email at the new one', async () => {
    const bell = bellIn(4);
    const event = await createCard(api, 1, bell);
    await api.app.settled();
    const moved = bellIn(9);
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, startsAt: moved } }, ADMIN_GROUPS);
    await passTime(Date.parse(bell) - 600_000 + 1500);
    const ofEvent = () => outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)));
    expect(ofEvent()).toEqual([]);
    const newAt = Math.floor((Date.parse(moved) - 600_000) / 1000) * 1000;
    await passTime(newAt + 1500);
    const mails = ofEvent();
    expect(mails.map((m) => m.to).sort()).toEqual(NOTHING_PICKED);
    for (const mail of mails) expect(mail.time).toBeGreaterThanOrEqual(newAt);
  }, 60_000);

  it('send nothing for a deleted event', async () => {
    const bell = bellIn(3);
    const event = await createCard(api, 1, bell);
    await api.app.settled();
    const dynamo = createDynamoDbClient(dynamoEndpoint(), stateDir);
    await dynamo.send(new DeleteItemCommand({ TableName: api.tableName, Key: toAttributes(EVENT.key(event.id)) }));
    dynamo.destroy();
    await passTime(Date.parse(bell) - 600_000 + 1500);
    expect(outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)))).toEqual([]);
  }, 60_000);

  it('send nothing once the event has gone live (its schedules are removed)', async () => {
    const bell = bellIn(3);
    const event = await createCard(api, 1, bell);
    await api.app.settled();
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, state: 'BROADCAST' } }, ADMIN_GROUPS);
    await api.app.settled();
    expect(api.app.services!.scheduler.list().filter((s) => s.Target.Input?.includes(event.id))).toEqual([]);
    await passTime(Date.parse(bell) - 600_000 + 1500);
    expect(outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)))).toEqual([]);
  }, 60_000);

  it("turn off in one click: a POST to the link, without signing in, turns that player's email off and nothing else", async () => {
    const bell = bellIn(3);
    const event = await createCard(api, 1, bell);
    await passTime(Date.parse(bell) - 600_000 + 1500);
    const mail = outbox().find((m) => m.to === 'missing@example.com' && m.text.includes(encodeURIComponent(event.id)))!;
    const link = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'])![1];
    const before = await tableSnapshot(api);

    // A mail scanner's GET and a forged token change nothing.
    expect((await fetch(link)).status).toBe(200);
    const forgedUrl = new URL(link);
    const token = forgedUrl.searchParams.get('token')!;
    forgedUrl.searchParams.set('token', token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
    const forged = forgedUrl.toString();
    const refused = await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(refused.status).toBe(400);
    expect(await tableSnapshot(api)).toBe(before);

    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const after = await tableSnapshot(api);
    expect(after).not.toBe(before);
    // Only the player's settings item changed: email off, out of the index.
    const changed = diffItems(before, after);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ type: 'ReminderSettings', email: false, minutesBefore: 10 });
    expect(changed[0]).not.toHaveProperty(TABLE.gsiPk);
    const { userProfile } = await api.data(
      'missing',
      `query { userProfile { user { reminders { email minutesBefore } } } }`,
    );
    expect(userProfile.user.reminders).toEqual({ email: false, minutesBefore: 10 });

    // The next event's reminder skips them.
    const next = await createCard(api, 1, bellIn(3));
    await passTime(Date.parse(next.startsAt) - 600_000 + 1500);
    const mails = outbox().filter((m) => m.text.includes(encodeURIComponent(next.id)));
    expect(mails.map((m) => m.to).sort()).toEqual(['complete@example.com', 'partial@example.com']);
  }, 60_000);

  it("nudge: the commissioner's nudge emails the opted-in members with picks missing, once per league and event (AlreadyNudged after)", async () => {
    // The one-click test above turned missing's email off: on again.
    await optIn('missing', 10);
    const event = await createCard(api, 2, new Date(Date.now() + 7_200_000).toISOString());
    const { createLeague } = await api.data('boss', LEAGUE_OP.create, { i: { name: 'Nudgers', seasonId: '2030' } });
    for (const name of ['missing', 'partial', 'complete', 'off'])
      await api.data(name, LEAGUE_OP.join, { c: createLeague.inviteCode });
    await pick('complete', event.id, event.matches);
    await pick('partial', event.id, event.matches.slice(0, 1));
    await pick('boss', event.id, event.matches);
    const NUDGE = 'mutation($l: ID!, $e: ID!) { nudgeLeague(leagueId: $l, eventId: $e) { notified emailed } }';
    const refused = await api.request('missing', NUDGE, { l: createLeague.id, e: event.id });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'NotCommissioner' });

    const first = await api.data('boss', NUDGE, { l: createLeague.id, e: event.id });
    // off has no email: nudged in the app only.
    expect(first.nudgeLeague).toEqual({ notified: 3, emailed: 2 });
    const nudges = () =>
      outbox().filter((m) => m.text.includes(encodeURIComponent(event.id)) && m.text.includes('Nudgers reminds you'));
    expect(
      nudges()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['missing@example.com', 'partial@example.com']);
    for (const mail of nudges()) expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const again = await api.request('boss', NUDGE, { l: createLeague.id, e: event.id });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'AlreadyNudged' });
    expect(nudges()).toHaveLength(2);
  }, 60_000);
});

/** The items of `after` that differ from `before` (both tableSnapshot JSON), unmarshalled. */
function diffItems(before: string, after: string): Record<string, unknown>[] {
  const seen = new Set((JSON.parse(before) as unknown[]).map((i) => JSON.stringify(i)));
  return (JSON.parse(after) as Record<string, AttributeValue>[])
    .filter((i) => !seen.has(JSON.stringify(i)))
    .map((i) => unmarshall(i));
}
