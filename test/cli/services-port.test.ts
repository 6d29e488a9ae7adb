/**
 * `npm start`'s local services port ($PORT+3: the outbox, SES, the scheduler, the function URLs) and its
 * local user pool, through their own listeners: a page of another site (a cross-origin `text/plain`
 * POST, a `Sec-Fetch-Site: cross-site` request) or a name rebound to 127.0.0.1 (`Host:
 * rebind.evil.example:<port>`) is refused and changes nothing; bodies are bounded as SES and Scheduler
 * bound them, so that large ones neither take the server down nor get in; the outbox page pages and
 * answers fast however large the messages; this machine's own callers (the SDK from Node, the browser
 * opening the outbox or an unsubscribe link, the web app signing in across origins) still work.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeFunction } from '../../amplify/data/wiring.ts';
import { send } from '../../bench/abuse-client.ts';
import { repoRoot } from '../../project.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const EVIL = 'http://evil.example';
/** In this run's subjects: the outbox folder outlives a run. */
const RUN = randomUUID();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const REMINDER_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:reminders';

let stack: NpmStart;
let services: string;
let pool: string;
let outboxDir: string;
const planted: string[] = [];

const scheduleBody = (input: string) =>
  JSON.stringify({
    ScheduleExpression: 'at(2099-01-01T00:00:00)',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: { Arn: REMINDER_ARN, RoleArn: 'arn:aws:iam::000000000000:role/scheduler', Input: input },
  });

const scheduleNames = async () => {
  const answer = await send(`${services}/schedules`);
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { Schedules: { Name: string }[] }).Schedules.map((s) => s.Name);
};

const outboxFiles = async () => {
  const answer = await send(`${services}/outbox`);
  expect(answer.status).toBe(200);
  return answer.body;
};

/** A message file as the outbox names them, far in the future so that it lists first. */
function plant(index: number, bytes: number): string {
  const file = `20990101T000000${String(index).padStart(3, '0')}Z-00000000-0000-4000-8000-${String(index).padStart(12, '0')}.eml`;
  const head = `From: planted@example.com\r\nTo: planted${index}@example.com\r\nSubject: planted ${index}\r\n\r\n`;
  writeFileSync(path.join(outboxDir, file), Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 'a')]));
  planted.push(file);
  return file;
}

beforeAll(async () => {
  stack = await npmStart(['--in-memory', '--empty', '--no-watch']);
  const text = stack.output();
  services = text.match(/Outbox: +(http:\/\/127\.0\.0\.1:\d+)\/outbox /)![1];
  pool = text.match(/User pool: +(http:\/\/127\.0\.0\.1:\d+) /)![1];
  outboxDir = path.join(repoRoot, text.match(/files in ([^)]+)\)/)![1]);
  mkdirSync(outboxDir, { recursive: true });
}, 240_000);

afterAll(async () => {
  for (const file of planted) rmSync(path.join(outboxDir, file), { force: true });
  await stack?.stop();
});

describe('a page of another site', () => {
  it('cannot create a schedule with a text/plain cross-origin POST: refused, nothing scheduled', async () => {
    const answer = await send(`${services}/schedules/evil-nudge`, {
      headers: { 'content-type': 'text/plain', origin: EVIL, host: new URL(services).host },
      body: scheduleBody('{"nudge":"any league"}'),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['x-amzn-errortype']).toBe('AccessDeniedException');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(await scheduleNames()).not.toContain('evil-nudge');
  });

  it('cannot send an email through SES with a cross-site request', async () => {
    const answer = await send(`${services}/v2/email/outbound-emails`, {
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({
        FromEmailAddress: 'evil@example.com',
        Destination: { ToAddresses: ['victim@example.com'] },
        Content: { Simple: { Subject: { Data: `cross-site mail ${RUN}` }, Body: { Text: { Data: 'x' } } } },
      }),
    });
    expect(answer.status).toBe(403);
    expect(await outboxFiles()).not.toContain(`cross-site mail ${RUN}`);
  });

  it('cannot read the outbox through a rebound name (DNS rebinding)', async () => {
    const port = new URL(services).port;
    const answer = await send(`${services}/outbox`, { headers: { host: `rebind.evil.example:${port}` } });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('<table>');
  });

  it('cannot start a password reset on the local user pool through a rebound name', async () => {
    const port = new URL(pool).port;
    const before = await outboxFiles();
    const answer = await send(`${pool}/`, {
      headers: {
        host: `rebind.evil.example:${port}`,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify({ ClientId: 'any', Username: 'admin@example.com' }),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['x-amzn-errortype']).toBe('AccessDeniedException');
    expect((await outboxFiles()).match(/<tr>/g)?.length).toBe(before.match(/<tr>/g)?.length);
  });
});

describe('bodies bounded as AWS bounds them', () => {
  it("refuses a schedule's input over Scheduler's 256 KB with ValidationException", async () => {
    const answer = await send(`${services}/schedules/too-large-input`, {
      headers: { 'content-type': 'application/json' },
      body: scheduleBody(JSON.stringify({ pad: 'x'.repeat(300 * 1024) })),
    });
    expect([400, 413]).toContain(answer.status);
    expect(answer.headers['x-amzn-errortype']).toMatch(/^(ValidationException|RequestEntityTooLarge)$/);
    expect(await scheduleNames()).not.toContain('too-large-input');
  });

  it('refuses nine 14 MB schedules by their length, and keeps running', async () => {
    const body = scheduleBody('x'.repeat(14 * 1024 * 1024));
    for (let i = 0; i < 9; i++) {
      const answer = await send(`${services}/schedules/huge-${i}`, {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(413);
    }
    expect(stack.exited()).toBe(false);
    expect(await scheduleNames()).not.toContain('huge-0');
  }, 60_000);

  it("refuses a SendEmail body over SES's 10 MB message (base64 and JSON included)", async () => {
    const raw = Buffer.concat([
      Buffer.from(`From: a@example.com\r\nTo: b@example.com\r\nSubject: over ten ${RUN}\r\n\r\n`),
      Buffer.alloc(10.5 * 1024 * 1024, 'b'),
    ]);
    const answer = await send(`${services}/v2/email/outbound-emails`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Content: { Raw: { Data: raw.toString('base64') } } }),
    });
    expect(answer.status).toBe(413);
    expect(await outboxFiles()).not.toContain(`over ten ${RUN}`);
  }, 30_000);
});

describe('the outbox page', () => {
  it('answers within a second with 15 planted 10 MB messages among 65, 50 a page, and pages to the rest', async () => {
    for (let i = 0; i < 65; i++) plant(i, i < 15 ? 10 * 1024 * 1024 : 100);
    const started = performance.now();
    const first = await send(`${services}/outbox`, { headers: { 'sec-fetch-site': 'none' } });
    const ms = performance.now() - started;
    expect(first.status).toBe(200);
    expect(ms).toBeLessThan(1000);
    expect(first.body.match(/<tr><td>/g)).toHaveLength(50);
    expect(first.body).toContain('planted64@example.com');
    expect(first.body).not.toContain('planted14@example.com');
    const next = /<a rel="next" href="([^"]+)"/.exec(first.body)![1];
    const second = await send(`${services}${next.replace(/&amp;/g, '&')}`);
    expect(second.body).toContain('planted14@example.com');
    expect(second.body).toContain('planted0@example.com');
    expect(second.body).not.toContain('planted15@example.com');
  }, 60_000);
});

describe("this machine's own callers", () => {
  it('the SDK from Node sends email and creates and deletes a schedule', async () => {
    const ses = new SESv2Client({ endpoint: services, region: 'us-east-1', credentials });
    const scheduler = new SchedulerClient({ endpoint: services, region: 'us-east-1', credentials });
    try {
      const { MessageId } = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'own@example.com',
          Destination: { ToAddresses: ['own@example.com'] },
          Content: { Simple: { Subject: { Data: 'own caller' }, Body: { Text: { Data: 'hello' } } } },
        }),
      );
      expect(MessageId).toMatch(/^[0-9a-f-]{36}$/);
      await scheduler.send(
        new CreateScheduleCommand({
          Name: 'own-schedule',
          ScheduleExpression: 'at(2099-01-01T00:00:00)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: REMINDER_ARN, RoleArn: 'arn:aws:iam::000000000000:role/scheduler', Input: '{}' },
        }),
      );
      expect(await scheduleNames()).toContain('own-schedule');
      await scheduler.send(new DeleteScheduleCommand({ Name: 'own-schedule' }));
    } finally {
      ses.destroy();
      scheduler.destroy();
    }
  });

  it('a browser opens the outbox and an unsubscribe link (a top-level navigation), without CORS headers', async () => {
    const outbox = await send(`${services}/outbox`, {
      headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    });
    expect(outbox.status).toBe(200);
    expect(outbox.headers['access-control-allow-origin']).toBeUndefined();
    const link = await send(`${services}/function-url/${unsubscribeFunction.name}/?token=not-a-token`, {
      headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    });
    expect(link.status).toBeLessThan(500);
    expect(link.body).toContain('<');
    const post = await send(`${services}/function-url/${unsubscribeFunction.name}/?token=not-a-token`, {
      headers: {
        origin: services,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(post.status).not.toBe(403);
  });

  it('the web app on its own port still calls the local user pool across origins (CORS)', async () => {
    const appOrigin = new URL(stack.appUrl).origin;
    const answer = await send(`${pool}/`, {
      headers: {
        origin: appOrigin,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'none', AuthParameters: {} }),
    });
    expect(answer.status).not.toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});
