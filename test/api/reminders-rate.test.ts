/**
 * Reminders planned from the SES sending rate (issue 44), with real parts: the local scheduler fires
 * the reminder function's runs, the local SES answers ThrottlingException past its rate, the outbox
 * keeps each email with its time. Small numbers: 40 players at 4 emails a second, each run sending for
 * at most 3 seconds, so the send is split over several concurrent runs that share the rate.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { graphqlRequest, signToken } from 'appsync-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPlan } from '../../amplify/functions/reminders/plan.ts';
import { localReminderOptions } from '../../scripts/local-reminders.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { createCard } from './mutations-fixtures.ts';

const RATE = 4;
const RUN_SECONDS = 3;
const PLAYERS = 40;
const LEAD_MS = 600_000;
const SET = `mutation($e: Boolean!, $m: Int!) { updateReminders(email: $e, minutesBefore: $m) { id } }`;

let api: TestApi;

beforeAll(async () => {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'pickem-outbox-'));
  api = await startTestApi({
    services: { port: 0, outboxDir, sendRate: RATE },
    ...localReminderOptions({
      appUrl: 'http://app.test',
      unsubscribeKey: 'k',
      sendRate: RATE,
      runSeconds: RUN_SECONDS,
    }),
  });
  // Players whose ids end in each hex digit: every shard holds some.
  for (let i = 0; i < PLAYERS; i += 1) {
    const username = `rate-${i.toString(16).padStart(2, '0')}`;
    const token = signToken(api.app.key, { username, use: 'id', email: `${username}@example.com` });
    const res = await graphqlRequest(api.app.url, token, SET, { e: true, m: 10 });
    expect(res.errors).toBeUndefined();
  }
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reminders at the SES sending rate', () => {
  it('the local SES refuses a burst past its rate with ThrottlingException', async () => {
    const ses = new SESv2Client({
      endpoint: api.app.services!.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const send = () =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'a@example.com',
          Destination: { ToAddresses: ['burst@example.com'] },
          Content: { Simple: { Subject: { Data: 'burst' }, Body: { Text: { Data: 'x' } } } },
        }),
      );
    const answers = await Promise.allSettled(Array.from({ length: RATE * 2 }, send));
    const refused = answers.filter((a) => a.status === 'rejected').map((a) => (a.reason as Error).name);
    expect(refused.length).toBeGreaterThanOrEqual(RATE - 1);
    expect(new Set(refused)).toEqual(new Set(['ThrottlingException']));
    ses.destroy();
    await sleep(1000); // the rate's second refills before the send below
  });

  it('start early enough, split over runs, that every email leaves once and before bell − lead', async () => {
    const leadAt = Math.ceil((Date.now() + 50_000) / 1000) * 1000;
    const plan = sendPlan(PLAYERS, RATE, leadAt, RUN_SECONDS * 1000);
    expect(plan.runs).toBeGreaterThan(1);
    const event = await createCard(api, 2, new Date(leadAt + LEAD_MS).toISOString());
    await api.app.settled(); // createEvent places the schedules asynchronously
    const runs = api.app.services!.scheduler.list();
    expect(runs).toHaveLength(plan.runs);

    // Until every run has fired and finished (the schedules delete themselves as they fire).
    const until = Date.now() + 45_000;
    while (api.app.services!.scheduler.list().length > 0 && Date.now() < until) await sleep(100);
    await api.app.settled();

    const outbox = api.app.services!.outbox;
    const mails = outbox.list().filter((m) => !outbox.read(m.file)!.includes('burst@example.com'));
    const times = mails.map((m) => Date.parse(m.time));
    const files = mails.length;
    expect(files).toBe(PLAYERS);
    // Not before the planned start (to the second), and the last well before the lead.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Math.floor(plan.startAtMs / 1000) * 1000);
    expect(Math.max(...times)).toBeLessThan(leadAt);
    // At the rate: the whole send takes at least the players over the rate, less one second's burst.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(((PLAYERS - RATE) / RATE) * 1000);
    expect(event.id).toBeTruthy();
  }, 90_000);
});
