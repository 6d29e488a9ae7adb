/**
 * The local services through the AWS SDK v3 clients, as a function calls them: SES v2 SendEmail into the
 * outbox (Simple with headers, Raw as sent, bad input refused with SES's error), the one-time
 * scheduler (fires its target once at its moment and deletes itself; conflicts, missing schedules and
 * other expressions refused with Scheduler's errors), the outbox page, and the local user pool's
 * sign-up code written to the same outbox.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { BadRequestException, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../src/runtime/cognito/server.ts';
import { ensureUserPool } from '../../src/runtime/cognito/user-pool.ts';
import { createOutbox, type Outbox } from '../../src/runtime/services/outbox.ts';
import { atExpression, createLocalScheduler, type LocalScheduler } from '../../src/runtime/services/scheduler.ts';
import { startServicesServer, type ServicesServer } from '../../src/runtime/services/server.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let dir: string;
let outbox: Outbox;
let scheduler: LocalScheduler;
let server: ServicesServer;
let ses: SESv2Client;
let schedules: SchedulerClient;
const fired: { name: string; event: unknown; at: number }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  outbox = createOutbox(dir);
  scheduler = createLocalScheduler({
    invoke: (name, event) => {
      fired.push({ name, event, at: Date.now() });
      return name === 'Known';
    },
  });
  server = await startServicesServer({ outbox, scheduler, functionUrls: {}, port: 0 });
  ses = new SESv2Client({ endpoint: server.url, region: 'us-east-1', credentials });
  schedules = new SchedulerClient({ endpoint: server.url, region: 'us-east-1', credentials });
});

afterAll(async () => {
  ses?.destroy();
  schedules?.destroy();
  await server?.close();
});

describe('SES v2 SendEmail into the outbox', () => {
  it('writes a Simple message with its headers as an RFC 5322 file, listed on the page', async () => {
    const { MessageId } = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'Sender <sender@example.com>',
        Destination: { ToAddresses: ['to@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'Grüße: a subject' },
            Body: { Text: { Data: 'plain body' }, Html: { Data: '<p>html body</p>' } },
            Headers: [{ Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }],
          },
        },
      }),
    );
    const entry = outbox.list().find((e) => e.id === MessageId)!;
    expect(entry.file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f-]{36}\.eml$/);
    const text = readFileSync(path.join(dir, entry.file), 'utf8');
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(text).toContain('To: to@example.com\r\n');
    expect(text).toContain('Subject: =?UTF-8?');
    expect(text).toContain('Content-Type: multipart/alternative');
    expect(text).toContain('plain body');
    const page = await (await fetch(`${server.url}/outbox`)).text();
    expect(page).toContain('Grüße: a subject');
    expect(await (await fetch(`${server.url}/outbox/${entry.file}?raw`)).text()).toBe(text);
    expect((await fetch(`${server.url}/outbox/..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('shows a message as a mail reader would: headers decoded, the HTML part in a frame that runs no script, links clickable', async () => {
    const { MessageId } = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'Pick Em <sender@example.com>',
        Destination: { ToAddresses: ['fan@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'Grüße <b>from</b> the league' },
            Body: {
              Text: { Data: 'Make your picks: http://127.0.0.1:4000/#/event/e1' },
              Html: {
                Data: '<p>Hi <script>alert(1)</script><a href="http://127.0.0.1:4000/#/event/e1">Make your picks</a></p>',
              },
            },
          },
        },
      }),
    );
    const entry = outbox.list().find((e) => e.id === MessageId)!;
    const answer = await fetch(`${server.url}/outbox/${entry.file}`);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await answer.text();
    expect(page).toContain('<h1>Grüße &lt;b&gt;from&lt;/b&gt; the league</h1>');
    expect(page).toContain('<dd>fan@example.com</dd>');
    const frame = /<iframe title="The message" sandbox="([^"]*)" srcdoc="([^"]*)"/.exec(page)!;
    expect(frame[1]).not.toContain('allow-scripts');
    expect(frame[1]).not.toContain('allow-same-origin');
    expect(frame[2]).toContain('&lt;a href=&quot;http://127.0.0.1:4000/#/event/e1&quot;&gt;Make your picks');
    expect(frame[2]).toContain('&lt;base target=&quot;_blank&quot;&gt;');
    expect(page.replace(frame[0], '')).not.toContain('<script');

    // Text only: its links made clickable.
    const raw =
      'From: a@example.com\r\nTo: b@example.com\r\nSubject: text\r\n\r\nOpen http://127.0.0.1:4003/outbox now\r\n';
    const { MessageId: textId } = await ses.send(
      new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(raw) } } }),
    );
    const textFile = outbox.list().find((e) => e.id === textId)!.file;
    expect(await (await fetch(`${server.url}/outbox/${textFile}`)).text()).toContain(
      '&lt;a href=&quot;http://127.0.0.1:4003/outbox&quot;',
    );
  });

  it('writes Raw content as sent', async () => {
    const raw = 'From: a@example.com\r\nTo: b@example.com\r\nSubject: raw\r\n\r\nraw body\r\n';
    const { MessageId } = await ses.send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(raw) } } }));
    const entry = outbox.list().find((e) => e.id === MessageId)!;
    expect(readFileSync(path.join(dir, entry.file), 'utf8')).toBe(raw);
  });

  it('refuses a message without a recipient, writing nothing', async () => {
    const before = outbox.list().length;
    const refused = ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'sender@example.com',
        Destination: { ToAddresses: [] },
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(BadRequestException);
    expect(outbox.list()).toHaveLength(before);
  });
});

describe('the one-time scheduler', () => {
  const target = (Input: string, Arn = 'arn:aws:lambda:us-east-1:000000000000:function:Known') => ({
    Arn,
    RoleArn: 'arn:aws:iam::000000000000:role/r',
    Input,
  });

  it('invokes its target once at its moment with the parsed Input, then deletes itself', async () => {
    const at = Math.ceil((Date.now() + 1000) / 1000) * 1000;
    await schedules.send(
      new CreateScheduleCommand({
        Name: 'once',
        ScheduleExpression: atExpression(at),
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: target('{"hello":1}'),
      }),
    );
    const got = await schedules.send(new GetScheduleCommand({ Name: 'once' }));
    expect(got.ScheduleExpression).toBe(atExpression(at));
    await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 300));
    const mine = fired.filter((f) => (f.event as { hello?: number }).hello === 1);
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toBe('Known');
    expect(mine[0].at).toBeGreaterThanOrEqual(at);
    await expect(schedules.send(new GetScheduleCommand({ Name: 'once' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('moves a schedule on update, and refuses a second create, a missing update and other expressions', async () => {
    const input = (at: number) => ({
      Name: 'moved',
      ScheduleExpression: atExpression(at),
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      ActionAfterCompletion: 'DELETE' as const,
      Target: target('{"moved":true}'),
    });
    await schedules.send(new CreateScheduleCommand(input(Date.now() + 3_600_000)));
    await expect(schedules.send(new CreateScheduleCommand(input(Date.now() + 7_200_000)))).rejects.toBeInstanceOf(
      ConflictException,
    );
    await schedules.send(new UpdateScheduleCommand(input(Date.now() + 7_200_000)));
    expect(scheduler.list().find((s) => s.Name === 'moved')!.at).toBeGreaterThan(Date.now() + 3_600_000);
    await expect(
      schedules.send(new UpdateScheduleCommand({ ...input(Date.now() + 1000), Name: 'missing' })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(
      schedules.send(new CreateScheduleCommand({ ...input(0), Name: 'rate', ScheduleExpression: 'rate(5 minutes)' })),
    ).rejects.toBeInstanceOf(ValidationException);
  });
});

describe('the local user pool', () => {
  let cognito: CognitoLocal;
  afterAll(async () => cognito?.close());

  it('writes the sign-up confirmation code to the outbox', async () => {
    const poolOutbox = mkdtempSync(path.join(tmpdir(), 'pool-outbox-'));
    cognito = await startCognitoLocal({
      dataDir: mkdtempSync(path.join(tmpdir(), 'pool-')),
      port: 0,
      signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      adminCredentials: { accessKeyId: 'AKIDLOCALTEST', secretAccessKey: 'secret' },
      outboxDir: poolOutbox,
    });
    const pool = await ensureUserPool(cognito, {
      poolName: 'p',
      clientName: 'c',
      usernameAttributes: ['email'],
      autoVerifiedAttributes: ['email'],
      groups: [],
      users: [],
    });
    await cognito.call('SignUp', {
      ClientId: pool.clientId,
      Username: 'new@example.com',
      Password: 'Password-123456',
      UserAttributes: [{ Name: 'email', Value: 'new@example.com' }],
    });
    const files = createOutbox(poolOutbox).list();
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(poolOutbox, files[0].file), 'utf8');
    expect(text).toContain('To: new@example.com');
    const code = /code is (\d{6})/.exec(text)![1];
    await cognito.call('ConfirmSignUp', {
      ClientId: pool.clientId,
      Username: 'new@example.com',
      ConfirmationCode: code,
    });
  });
});
