/**
 * Reminders across a restart of the local stack with a schedules file (what `npm start` does unless
 * --in-memory): the schedules an event placed are listed again after the restart, and the one whose
 * moment passed while the stack was stopped fires once at start-up and sends its email, late. Each
 * start also rebuilds the schedules from the table, as `npm start` does (issue 45, finding 8), so a
 * corrupt schedules file loses no reminder, and a reminder reached by both still goes out once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDynamoDbClient, graphqlRequest, signToken } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { localReminderOptions, rebuildReminderSchedules } from '../../scripts/local-reminders.ts';
import { stateDir } from '../../project.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { createCard } from './mutations-fixtures.ts';

const SET = `mutation($e: Boolean!, $m: Int!) { updateReminders(email: $e, minutesBefore: $m) { id } }`;
const lines: string[] = [];

/** One kept state: a table, an outbox and a schedules file, the same at each start. */
function keptState() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pickem-restart-'));
  return {
    outboxDir: path.join(dir, 'outbox'),
    schedulesFile: path.join(dir, 'schedules.json'),
    table: `PickEm-restart-${randomBytes(4).toString('hex')}`,
  };
}

/** The stack as `npm start` runs it on kept state, the schedules rebuilt from the table once it is up. */
async function start(state: ReturnType<typeof keptState>): Promise<TestApi> {
  const started = await startTestApi({
    tableName: () => state.table,
    services: { port: 0, outboxDir: state.outboxDir, schedulesFile: state.schedulesFile },
    log: (line) => lines.push(line),
    ...localReminderOptions({ appUrl: 'http://app.test', unsubscribeKey: 'test-key' }),
  });
  const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
  await rebuildReminderSchedules(started.app, client, started.tableName);
  client.destroy();
  return started;
}

let api: TestApi | undefined;
afterAll(async () => {
  await api?.close();
});

/**
 * A first start on new kept state: a player with 10-minute reminders, an event whose 10-minute reminder
 * is due in 3 seconds and one two hours ahead whose reminders wait; the schedules placed; then stopped.
 */
async function placeTwoEvents(player: string) {
  const state = keptState();
  api = await start(state);
  const token = signToken(api.app.key, { username: player, use: 'id', email: `${player}@example.com` });
  expect((await graphqlRequest(api.app.url, token, SET, { e: true, m: 10 })).errors).toBeUndefined();
  const bell = new Date(Date.now() + 603_000).toISOString();
  const event = await createCard(api, 2, bell);
  await createCard(api, 2, new Date(Date.now() + 7_200_000).toISOString());
  await api.app.settled();
  const placed = api.app.services!.scheduler.list().map((s) => s.Name);
  await api.close();
  return { state, bell, event, placed };
}

describe('reminders across a restart', () => {
  it('lists the schedules again and sends the reminder whose moment passed while stopped, once', async () => {
    const { state, bell, event, placed } = await placeTwoEvents('waiting');
    expect(placed.length).toBeGreaterThanOrEqual(2);
    api = undefined;

    const fireAt = Math.floor((Date.parse(bell) - 600_000) / 1000) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, fireAt - Date.now()) + 1000));
    lines.length = 0;
    api = await start(state);
    await api.app.settled();
    // The due one fired at start and deleted itself; the later event's are listed again.
    const kept = api.app.services!.scheduler.list().map((s) => s.Name);
    expect(kept).toHaveLength(placed.length - 1);
    expect(placed).toEqual(expect.arrayContaining(kept));
    expect(lines.filter((l) => l.includes('while the scheduler was stopped: firing it now, late'))).toHaveLength(1);
    const mails = api.app.services!.outbox.list();
    expect(mails).toHaveLength(1);
    expect(api.app.services!.outbox.read(mails[0].file)).toContain(encodeURIComponent(event.id));
    expect(Date.parse(mails[0].time)).toBeGreaterThan(fireAt + 1000);
  }, 120_000);

  it('loses no reminder when the schedules file is corrupt: they are placed again from the table, the passed one sent late, once', async () => {
    const { state, bell, event, placed } = await placeTwoEvents('corrupt');
    api = undefined;

    writeFileSync(state.schedulesFile, '{"schedules": [ this is not JSON');
    const fireAt = Math.floor((Date.parse(bell) - 600_000) / 1000) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, fireAt - Date.now()) + 1000));
    api = await start(state);
    await api.app.settled();
    // The later event's schedules are back; the passed one was sent, late, and only once.
    const kept = api.app.services!.scheduler.list().map((s) => s.Name);
    expect(kept).toHaveLength(placed.length - 1);
    expect(placed).toEqual(expect.arrayContaining(kept));
    const mails = api.app.services!.outbox.list();
    expect(mails).toHaveLength(1);
    expect(api.app.services!.outbox.read(mails[0].file)).toContain(encodeURIComponent(event.id));
  }, 120_000);
});
