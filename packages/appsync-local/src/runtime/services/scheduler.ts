/**
 * A local EventBridge Scheduler for one-time schedules: `at(yyyy-mm-ddThh:mm:ss)` in UTC, whose target
 * is a local Lambda function (`arn:aws:lambda:<region>:<account>:function:<name>`, the name of a LAMBDA
 * data source). At its time the function is invoked asynchronously with the target's `Input` (parsed
 * JSON) as its event, as Scheduler's Lambda target does; with `ActionAfterCompletion: DELETE` the
 * schedule is then deleted. Other expressions (`rate()`, `cron()`) and time zones other than UTC are
 * refused.
 *
 * With a `file` the schedules outlive a restart, as the cloud keeps them: every change rewrites the file
 * atomically (a temporary file renamed over it), and a new scheduler loads it. A schedule whose moment
 * passed while no scheduler ran fires once at `start()` (late: the target decides what a late run does);
 * a fired one is marked so, and not fired again. A file that cannot be read or holds something else than schedules is reported, moved aside
 * and not loaded; start-up goes on. Without a file they are kept in memory only.
 */
import { renameSync, readFileSync } from 'node:fs';
import { writeFileSync } from 'atomically';
import { LOCAL_ACCOUNT_ID } from '../auth/principals.ts';

export interface ScheduleInput {
  ScheduleExpression?: unknown;
  ScheduleExpressionTimezone?: unknown;
  Target?: { Arn?: unknown; RoleArn?: unknown; Input?: unknown };
  ActionAfterCompletion?: unknown;
  State?: unknown;
  FlexibleTimeWindow?: unknown;
  Description?: unknown;
}

export interface Schedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  Target: { Arn: string; RoleArn: string; Input?: string };
  ActionAfterCompletion: 'NONE' | 'DELETE';
  State: 'ENABLED' | 'DISABLED';
  FlexibleTimeWindow: unknown;
  /** When it fires, epoch ms. */
  at: number;
}

/** A refusal as Scheduler names it (the error type) with its HTTP status. */
export class SchedulerError extends Error {
  constructor(
    readonly type:
      'ValidationException' | 'ConflictException' | 'ResourceNotFoundException' | 'ServiceQuotaExceededException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface LocalScheduler {
  create(name: string, group: string, input: ScheduleInput): Schedule;
  update(name: string, group: string, input: ScheduleInput): Schedule;
  delete(name: string, group: string): void;
  get(name: string, group: string): Schedule;
  list(): Schedule[];
  /** Arms the schedules loaded from the file (one whose moment passed fires now): call once their targets can run. */
  start(): void;
  close(): void;
}

export interface LocalSchedulerOptions {
  /** Invokes the named local function asynchronously with `event`; false when there is no such function. */
  invoke(functionName: string, event: unknown): boolean;
  log?: (line: string) => void;
  now?: () => number;
  /** The JSON file the schedules are kept in across restarts (created when missing); default none: in memory. */
  file?: string;
}

/** What the file keeps of a schedule: its input, and whether a kept (NONE) one has fired. */
type KeptSchedule = Omit<Schedule, 'Arn' | 'at'> & { completed?: true };

const NAME = /^[0-9a-zA-Z_.-]{1,64}$/;
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const FUNCTION_ARN = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:([a-zA-Z0-9_-]{1,64})(:[a-zA-Z0-9$_-]+)?$/;
/** Scheduler's limit on a target's input: 256 KB ("EventBridge Scheduler quotas", target input payload). */
export const MAX_INPUT_BYTES = 256 * 1024;
/**
 * What the local scheduler keeps at most, its schedules' inputs together (each counted at least 1 KB):
 * every change rewrites the file, and the schedules live in the server's memory. Scheduler's own quota
 * is a count (1,000,000 schedules an account) *(guess: a byte budget, locally)*.
 */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024;
/** setTimeout's longest delay; a later schedule waits in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const invalid = (message: string) => new SchedulerError('ValidationException', 400, message);

/** The moment of an `at()` expression in UTC, epoch ms. */
export function atMoment(expression: string): number {
  const m = AT.exec(expression);
  if (!m) throw invalid(`The local scheduler runs one-time schedules only: at(yyyy-mm-ddThh:mm:ss); got ${expression}`);
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).toISOString().slice(0, 19) !== expression.slice(3, 22))
    throw invalid(`${expression} is not a valid date and time`);
  return ms;
}

/** `at()` for a moment (seconds, UTC), as the cloud's one-time schedules take it. */
export function atExpression(ms: number): string {
  return `at(${new Date(ms).toISOString().slice(0, 19)})`;
}

export function createLocalScheduler(opts: LocalSchedulerOptions): LocalScheduler {
  const now = opts.now ?? Date.now;
  // A problem with the file is reported even when no request log is wanted.
  const report = opts.log ?? ((line: string) => console.warn(line));
  let file = opts.file;
  const schedules = new Map<string, { schedule: Schedule; timer: NodeJS.Timeout | undefined; completed: boolean }>();
  const keyOf = (name: string, group: string) => `${group}/${name}`;

  const parse = (name: string, group: string, input: ScheduleInput): Schedule => {
    if (!NAME.test(name)) throw invalid(`Name must be 1 to 64 letters, digits, '.', '_' or '-'; got ${name}`);
    if (!NAME.test(group)) throw invalid(`GroupName must be 1 to 64 letters, digits, '.', '_' or '-'; got ${group}`);
    const expression = input.ScheduleExpression;
    if (typeof expression !== 'string') throw invalid('ScheduleExpression is required');
    const zone = input.ScheduleExpressionTimezone ?? 'UTC';
    if (zone !== 'UTC' && zone !== 'Etc/UTC') throw invalid(`The local scheduler takes UTC only; got ${String(zone)}`);
    const target = input.Target;
    if (!target || typeof target.Arn !== 'string' || typeof target.RoleArn !== 'string')
      throw invalid('Target with Arn and RoleArn is required');
    if (!FUNCTION_ARN.test(target.Arn))
      throw invalid(`The local scheduler invokes Lambda functions only; got ${target.Arn}`);
    if (target.Input !== undefined && typeof target.Input !== 'string') throw invalid('Target.Input must be a string');
    if (target.Input !== undefined && Buffer.byteLength(target.Input) > MAX_INPUT_BYTES)
      throw invalid(`Target.Input is larger than ${MAX_INPUT_BYTES} bytes (256 KB), Scheduler's limit`);
    if (input.FlexibleTimeWindow === undefined) throw invalid('FlexibleTimeWindow is required');
    const after = input.ActionAfterCompletion ?? 'NONE';
    if (after !== 'NONE' && after !== 'DELETE') throw invalid('ActionAfterCompletion must be NONE or DELETE');
    const state = input.State ?? 'ENABLED';
    if (state !== 'ENABLED' && state !== 'DISABLED') throw invalid('State must be ENABLED or DISABLED');
    return {
      Name: name,
      GroupName: group,
      Arn: `arn:aws:scheduler:us-east-1:${LOCAL_ACCOUNT_ID}:schedule/${group}/${name}`,
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: String(zone),
      Target: {
        Arn: target.Arn,
        RoleArn: target.RoleArn,
        ...(target.Input === undefined ? {} : { Input: target.Input }),
      },
      ActionAfterCompletion: after,
      State: state,
      FlexibleTimeWindow: input.FlexibleTimeWindow,
      at: atMoment(expression),
    };
  };

  const fire = (key: string) => {
    const entry = schedules.get(key);
    if (!entry) return;
    const { schedule } = entry;
    entry.timer = undefined;
    entry.completed = true;
    if (schedule.ActionAfterCompletion === 'DELETE') schedules.delete(key);
    save();
    const functionName = FUNCTION_ARN.exec(schedule.Target.Arn)![1];
    let event: unknown = schedule.Target.Input ?? null;
    try {
      event = schedule.Target.Input === undefined ? {} : JSON.parse(schedule.Target.Input);
    } catch {
      // Scheduler passes a non-JSON Input as a string.
    }
    opts.log?.(`[scheduler] ${schedule.Name} fired: invoking ${functionName}`);
    if (!opts.invoke(functionName, event))
      opts.log?.(`[scheduler] ${schedule.Name}: no local function ${functionName}`);
  };

  const arm = (key: string) => {
    const entry = schedules.get(key)!;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.schedule.State !== 'ENABLED' || entry.completed) return;
    const wait = () => {
      const left = entry.schedule.at - now();
      if (left <= 0) return fire(key);
      entry.timer = setTimeout(wait, Math.min(left, MAX_DELAY_MS));
      entry.timer.unref();
    };
    wait();
  };

  const sizeOf = (s: Schedule) => Math.max(1024, Buffer.byteLength(s.Target.Input ?? ''));
  /** Refuses a schedule that would take the kept ones past MAX_KEPT_BYTES (`replacing`: the one it updates). */
  const fits = (schedule: Schedule, replacing?: Schedule) => {
    let kept = sizeOf(schedule) - (replacing ? sizeOf(replacing) : 0);
    for (const entry of schedules.values()) kept += sizeOf(entry.schedule);
    if (kept > MAX_KEPT_BYTES)
      throw new SchedulerError(
        'ServiceQuotaExceededException',
        402,
        `The local scheduler keeps at most ${MAX_KEPT_BYTES} bytes of schedules; delete some first`,
      );
  };

  const existing = (name: string, group: string) => {
    const entry = schedules.get(keyOf(name, group));
    if (!entry) throw new SchedulerError('ResourceNotFoundException', 404, `Schedule ${name} does not exist.`);
    return entry;
  };

  /** Rewrites the file with every schedule; a failed write is reported and the schedules stay in memory. */
  function save() {
    if (!file) return;
    const kept: KeptSchedule[] = [...schedules.values()].map(({ schedule, completed }) => {
      const { Arn: _arn, at: _at, ...input } = schedule;
      return completed ? { ...input, completed: true } : input;
    });
    try {
      writeFileSync(file, `${JSON.stringify({ schedules: kept }, null, 2)}\n`, { mode: 0o600 });
    } catch (err) {
      report(
        `[scheduler] could not write ${file} (${(err as Error).message}): the schedules are in memory only until the next write`,
      );
    }
  }

  /** The file's schedules, or none when there is no file yet; throws on anything else than schedules. */
  function read(path: string): { schedule: Schedule; completed: boolean }[] {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const kept = (JSON.parse(text) as { schedules?: unknown }).schedules;
    if (!Array.isArray(kept)) throw new Error('no "schedules" list');
    return kept.map((k: Partial<KeptSchedule>) => {
      if (typeof k?.Name !== 'string' || typeof k.GroupName !== 'string') throw new Error('a schedule without a name');
      return { schedule: parse(k.Name, k.GroupName, k), completed: k.completed === true };
    });
  }

  const load = (path: string) => {
    let loaded;
    try {
      loaded = read(path);
    } catch (err) {
      const aside = `${path}.unreadable-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
      let kept = `moved aside to ${aside}`;
      try {
        renameSync(path, aside);
      } catch (moveErr) {
        // Writing over it would lose it: keep the schedules of this run in memory instead.
        file = undefined;
        kept = `left in place (${(moveErr as Error).message}) and not written this run`;
      }
      report(
        `[scheduler] could not load the schedules in ${path} (${(err as Error).message}): starting with none; the file is ${kept}`,
      );
      return;
    }
    for (const { schedule, completed } of loaded) {
      schedules.set(keyOf(schedule.Name, schedule.GroupName), { schedule, timer: undefined, completed });
    }
    opts.log?.(`[scheduler] ${loaded.length} schedule(s) loaded from ${path}`);
  };
  if (file) load(file);

  return {
    create(name, group, input) {
      const schedule = parse(name, group, input);
      const key = keyOf(name, group);
      if (schedules.has(key)) throw new SchedulerError('ConflictException', 409, `Schedule ${name} already exists.`);
      fits(schedule);
      schedules.set(key, { schedule, timer: undefined, completed: false });
      save();
      arm(key);
      return schedule;
    },
    update(name, group, input) {
      const entry = existing(name, group);
      const schedule = parse(name, group, input);
      fits(schedule, entry.schedule);
      entry.schedule = schedule;
      entry.completed = false;
      save();
      arm(keyOf(name, group));
      return entry.schedule;
    },
    delete(name, group) {
      const entry = existing(name, group);
      if (entry.timer) clearTimeout(entry.timer);
      schedules.delete(keyOf(name, group));
      save();
    },
    start() {
      for (const [key, { schedule, completed, timer }] of schedules) {
        if (timer || completed || schedule.State !== 'ENABLED') continue;
        if (schedule.at <= now())
          report(
            `[scheduler] ${schedule.Name} was due at ${new Date(schedule.at).toISOString()}, while the scheduler was stopped: firing it now, late`,
          );
        arm(key);
      }
    },
    get: (name, group) => existing(name, group).schedule,
    list: () => [...schedules.values()].map((e) => e.schedule).sort((a, b) => a.at - b.at),
    close() {
      for (const entry of schedules.values()) if (entry.timer) clearTimeout(entry.timer);
      schedules.clear();
    },
  };
}
