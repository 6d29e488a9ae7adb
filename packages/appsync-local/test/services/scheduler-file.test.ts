/**
 * The one-time scheduler with a file: its schedules outlive a restart (listed again and fired at their
 * moment), one whose moment passed while it was stopped fires once at start, a deleted one stays deleted,
 * and a file it cannot read is reported and moved aside without stopping start-up.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbox } from '../../src/runtime/services/outbox.ts';
import { atExpression, createLocalScheduler, type LocalScheduler } from '../../src/runtime/services/scheduler.ts';
import { startServicesServer, type ServicesServer } from '../../src/runtime/services/server.ts';

const HOUR = 3_600_000;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const target = (Input: string) => ({
  Arn: 'arn:aws:lambda:us-east-1:000000000000:function:Reminders',
  RoleArn: 'arn:aws:iam::000000000000:role/r',
  Input,
});
const input = (name: string, at: number, after: 'DELETE' | 'NONE' = 'DELETE') => ({
  Name: name,
  ScheduleExpression: atExpression(at),
  FlexibleTimeWindow: { Mode: 'OFF' as const },
  ActionAfterCompletion: after,
  Target: target(JSON.stringify({ name })),
});

/** One run of the scheduler on `file`, its clock `shift` ms ahead of the real one. */
function run(file: string, shift = 0) {
  const fired: string[] = [];
  const lines: string[] = [];
  const scheduler = createLocalScheduler({
    file,
    invoke: (_fn, event) => {
      fired.push((event as { name: string }).name);
      return true;
    },
    log: (line) => lines.push(line),
    now: () => Date.now() + shift,
  });
  opened.push(scheduler);
  return { scheduler, fired, lines };
}

const opened: LocalScheduler[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const stateDir = () => mkdtempSync(path.join(tmpdir(), 'schedules-'));
const keptNames = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { schedules: { Name: string }[] }).schedules.map((s) => s.Name);

describe('schedules kept in a file', () => {
  it('lists a schedule again after a restart through the SDK and fires it at its moment, then deletes it', async () => {
    const dir = stateDir();
    const file = path.join(dir, 'schedules.json');
    const outbox = createOutbox(path.join(dir, 'outbox'));
    const serve = async (scheduler: LocalScheduler) => {
      const server = await startServicesServer({ outbox, scheduler, functionUrls: {}, port: 0 });
      return { server, client: new SchedulerClient({ endpoint: server.url, region: 'us-east-1', credentials }) };
    };
    let server: ServicesServer | undefined;
    let client: SchedulerClient | undefined;
    try {
      const first = run(file);
      ({ server, client } = await serve(first.scheduler));
      const at = Math.ceil((Date.now() + 1500) / 1000) * 1000;
      await client.send(new CreateScheduleCommand(input('soon', at)));
      client.destroy();
      await server.close();
      expect(first.fired).toEqual([]);
      // Only the schedules file in the state folder: the temporary file was renamed over it.
      expect(readdirSync(dir).sort()).toEqual(['outbox', 'schedules.json']);

      const second = run(file);
      second.scheduler.start();
      ({ server, client } = await serve(second.scheduler));
      const { Schedules } = await client.send(new ListSchedulesCommand({}));
      expect(Schedules?.map((s) => s.Name)).toEqual(['soon']);
      const got = await client.send(new GetScheduleCommand({ Name: 'soon' }));
      expect(got.ScheduleExpression).toBe(atExpression(at));
      expect(got.Target?.Input).toBe('{"name":"soon"}');
      expect(second.lines).toContain(`[scheduler] 1 schedule(s) loaded from ${file}`);

      await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 300));
      expect(second.fired).toEqual(['soon']);
      await expect(client.send(new GetScheduleCommand({ Name: 'soon' }))).rejects.toBeInstanceOf(
        ResourceNotFoundException,
      );
      expect(keptNames(file)).toEqual([]);
    } finally {
      client?.destroy();
      await server?.close();
    }
  });

  it('fires a schedule whose moment passed while stopped once at start, saying so, and never again', () => {
    const file = path.join(stateDir(), 'schedules.json');
    const first = run(file);
    first.scheduler.create('deleted-after', 'default', input('deleted-after', Date.now() + HOUR));
    first.scheduler.create('kept-after', 'default', input('kept-after', Date.now() + HOUR, 'NONE'));
    first.scheduler.create('later', 'default', input('later', Date.now() + 5 * HOUR));
    first.scheduler.close();

    // Two hours later: the first two are overdue.
    const second = run(file, 2 * HOUR);
    expect(second.fired).toEqual([]);
    second.scheduler.start();
    expect(second.fired.sort()).toEqual(['deleted-after', 'kept-after']);
    expect(second.lines.filter((l) => l.includes('while the scheduler was stopped: firing it now, late'))).toHaveLength(
      2,
    );
    expect(second.scheduler.list().map((s) => s.Name)).toEqual(['kept-after', 'later']);
    second.scheduler.close();

    const third = run(file, 3 * HOUR);
    third.scheduler.start();
    expect(third.fired).toEqual([]);
    expect(third.scheduler.list().map((s) => s.Name)).toEqual(['kept-after', 'later']);
  });

  it('keeps a deleted schedule deleted', () => {
    const file = path.join(stateDir(), 'schedules.json');
    const first = run(file);
    first.scheduler.create('gone', 'default', input('gone', Date.now() + HOUR));
    first.scheduler.create('stays', 'default', input('stays', Date.now() + HOUR));
    first.scheduler.delete('gone', 'default');
    first.scheduler.close();
    expect(keptNames(file)).toEqual(['stays']);

    const second = run(file, 2 * HOUR);
    second.scheduler.start();
    expect(second.fired).toEqual(['stays']);
    expect(() => second.scheduler.get('gone', 'default')).toThrow('does not exist');
  });

  it('reports a corrupt file, moves it aside and starts with no schedules', () => {
    const dir = stateDir();
    const file = path.join(dir, 'schedules.json');
    writeFileSync(file, '{"schedules": [{"Name": "half');
    const first = run(file);
    first.scheduler.start();
    expect(first.scheduler.list()).toEqual([]);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatch(
      /^\[scheduler\] could not load the schedules in .*schedules\.json \(.*JSON.*\): starting with none; the file is moved aside to .*schedules\.json\.unreadable-/,
    );
    const aside = readdirSync(dir).find((f) => f.startsWith('schedules.json.unreadable-'))!;
    expect(readFileSync(path.join(dir, aside), 'utf8')).toBe('{"schedules": [{"Name": "half');

    // The next schedule starts a new file.
    first.scheduler.create('fresh', 'default', input('fresh', Date.now() + HOUR));
    first.scheduler.close();
    expect(keptNames(file)).toEqual(['fresh']);
  });

  it('reports a file holding something else than schedules the same way', () => {
    const dir = stateDir();
    const file = path.join(dir, 'schedules.json');
    const kept = { schedules: [{ ...input('every', 0), GroupName: 'default', ScheduleExpression: 'rate(5 minutes)' }] };
    writeFileSync(file, JSON.stringify(kept));
    const { scheduler, lines } = run(file);
    expect(scheduler.list()).toEqual([]);
    expect(lines[0]).toContain('one-time schedules only');
    expect(lines[0]).toContain('moved aside');
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
