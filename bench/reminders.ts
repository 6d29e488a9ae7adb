/**
 * Reminder emails per second on this machine: PLAYERS opted-in players (none has picked), one event, and
 * its 10-minute schedule fired by the local scheduler; the reminder function pages through the players,
 * writes each sent mark and sends each email through the local SES v2 endpoint, which writes it to the
 * outbox. Timed from the schedule's moment until the function has finished (every email written).
 * Bounded: one run, in-memory DynamoDB Local on loopback, temporary folders removed at the end.
 *
 *   npx tsx bench/reminders.ts [players]     (default 10,000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createDynamoDbClient, graphqlData, startDynamoDbLocal, startLocalAppSync } from 'appsync-local';
import { REMINDER } from '@pickem/domain/entities/reminder';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { stateDir } from '../project.ts';
import { throwawayAppSyncOptions } from '../scripts/local-appsync-options.ts';
import { localReminderOptions } from '../scripts/local-reminders.ts';

const PLAYERS = Number(process.argv[2] ?? 10_000);
const LEAD_MS = 600_000;

const dynamo = await startDynamoDbLocal({ stateDir, inMemory: true });
const outboxDir = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
const keyDir = mkdtempSync(path.join(tmpdir(), 'bench-key-'));
const app = await startLocalAppSync(
  throwawayAppSyncOptions('reminders', dynamo.endpoint, {
    keyDir,
    services: { port: 0, outboxDir },
    ...localReminderOptions({ appUrl: 'http://127.0.0.1:4002', unsubscribeKey: 'bench-key' }),
  }),
);
try {
  const tableName = Object.values(app.tableNames)[0];
  const client = createDynamoDbClient(dynamo.endpoint, stateDir);
  const items = Array.from({ length: PLAYERS }, (_, i) =>
    REMINDER.item({ userId: `bench-${i}`, email: true, minutesBefore: 10, address: `bench-${i}@example.com` }),
  );
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item) } }));
    while (requests.length > 0) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
  client.destroy();

  // The bell ten minutes and 3 seconds from now: the 10-minute schedule fires in about 3 seconds.
  const admin = app.tokenFor('bench-admin', [ADMIN_GROUP]);
  const startsAt = new Date(Math.ceil((Date.now() + LEAD_MS + 3000) / 1000) * 1000).toISOString();
  const { createEvent } = await graphqlData<{ createEvent: { id: string } }>(
    app.url,
    admin,
    'mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }',
    { i: { name: 'Reminder Bench', date: startsAt.slice(0, 10), startsAt } },
  );
  for (let n = 0; n < 3; n += 1) {
    await graphqlData(
      app.url,
      admin,
      'mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }',
      {
        e: createEvent.id,
        i: { points: 10, teams: [{ members: [`A${n}`] }, { members: [`B${n}`] }] },
      },
    );
  }
  await app.settled();
  const fireAt = Date.parse(startsAt) - LEAD_MS;
  await new Promise((resolve) => setTimeout(resolve, fireAt - Date.now() + 50));
  // The schedule deletes itself as it fires the function; then wait for the function (and any retry) to finish.
  while (app.services!.scheduler.list().length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await app.settled();
  const seconds = (Date.now() - fireAt) / 1000;
  const sent = app.services!.outbox.list().length;
  console.log(
    JSON.stringify({
      players: PLAYERS,
      emails: sent,
      seconds: Number(seconds.toFixed(2)),
      emailsPerSecond: Math.round(sent / seconds),
      cpus: (await import('node:os')).cpus().length,
    }),
  );
  if (sent !== PLAYERS) process.exitCode = 1;
} finally {
  await app.close();
  await dynamo.stop();
  rmSync(outboxDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
}
