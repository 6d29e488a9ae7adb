/**
 * Reminders at the SES sending rate: `--players` opted-in players (none has picked), one event, and its
 * 10-minute reminder planned from the rate (amplify/functions/reminders/plan.ts): the local scheduler
 * fires the plan's runs, each pages through its shards of the players, writes each sent mark and sends
 * each email through the local SES v2 endpoint, which refuses sends past `--rate` a second with SES's
 * throttling error and writes the rest to the outbox. Reports whether every email left before
 * `bell − lead` (`late`, `msBeforeLead`), the throughput, and the plans for 100,000 and 1,000,000 players.
 * Without `--rate` the send is unpaced (the local default) and only its throughput is of interest.
 * Bounded: one run, in-memory DynamoDB Local on loopback, temporary folders removed at the end.
 *
 *   npx tsx bench/reminders.ts --players 20000 --rate 100 [--json]
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
import { sendPlan } from '../amplify/functions/reminders/plan.ts';

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const PLAYERS = Number(option('--players') ?? 10_000);
const RATE = option('--rate') ? Number(option('--rate')) : null;
const json = process.argv.includes('--json');
const LEAD_MS = 600_000;

const dynamo = await startDynamoDbLocal({ stateDir, inMemory: true });
const outboxDir = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
const keyDir = mkdtempSync(path.join(tmpdir(), 'bench-key-'));
const app = await startLocalAppSync(
  throwawayAppSyncOptions('reminders', dynamo.endpoint, {
    keyDir,
    services: { port: 0, outboxDir, sendRate: RATE ?? undefined },
    ...localReminderOptions({
      appUrl: 'http://127.0.0.1:4002',
      unsubscribeKey: 'bench-key',
      sendRate: RATE ?? undefined,
    }),
  }),
);
try {
  const tableName = Object.values(app.tableNames)[0];
  const client = createDynamoDbClient(dynamo.endpoint, stateDir);
  const items = Array.from({ length: PLAYERS }, (_, i) =>
    REMINDER.item({
      userId: `bench-${i.toString(16)}`,
      email: true,
      minutesBefore: 10,
      address: `bench-${i}@example.com`,
    }),
  );
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item) } }));
    while (requests.length > 0) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
  client.destroy();

  // The bell such that the plan's first run starts in about 5 seconds (unpaced: the lead itself).
  const admin = app.tokenFor('bench-admin', [ADMIN_GROUP]);
  const ahead = sendPlan(PLAYERS, RATE, 0);
  const leadAt = Math.ceil((Date.now() + 5000 - ahead.startAtMs) / 1000) * 1000;
  const startsAt = new Date(leadAt + LEAD_MS).toISOString();
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
  const plan = sendPlan(PLAYERS, RATE, leadAt);
  const fireAt = Math.max(plan.startAtMs, Date.now());
  await new Promise((resolve) => setTimeout(resolve, fireAt - Date.now() + 50));
  // The schedules delete themselves as they fire the function; then wait for the runs (and any retry) to finish.
  while (app.services!.scheduler.list().length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  await app.settled();
  const times = app.services!.outbox.list().map((m) => Date.parse(m.time));
  const last = Math.max(...times);
  const seconds = (last - Math.min(...times)) / 1000;
  const planFor = (players: number) => {
    const p = sendPlan(players, RATE, 0);
    return { players, runs: p.runs, sendSeconds: p.sendMs / 1000, startsBeforeLeadSeconds: -p.startAtMs / 1000 };
  };
  const result = {
    players: PLAYERS,
    rate: RATE,
    runs: plan.runs,
    sent: times.length,
    late: times.filter((t) => t >= leadAt).length,
    msBeforeLead: leadAt - last,
    seconds: Number(seconds.toFixed(2)),
    emailsPerSecond: Math.round(times.length / Math.max(seconds, 0.001)),
    plans: RATE ? [planFor(100_000), planFor(1_000_000)] : [],
    cpus: (await import('node:os')).cpus().length,
  };
  console.log(json ? JSON.stringify(result) : result);
  if (result.sent !== PLAYERS || result.late > 0) process.exitCode = 1;
} finally {
  await app.close();
  await dynamo.stop();
  rmSync(outboxDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
}
