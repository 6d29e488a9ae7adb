/**
 * An event's reminder schedules in EventBridge Scheduler: one-time `at()` schedules per lead
 * (REMINDER_LEADS), one per run of its send plan (plan.ts: early enough at the SES rate, split so each
 * run ends well inside Lambda's limit), deleted by Scheduler once run (`ActionAfterCompletion: DELETE`),
 * each invoking this function with a `send` request. Placing them again for the event as stored makes
 * them follow its bell: moved when it moves, deleted when the event is gone or no longer UPCOMING, and a
 * lead whose moment has already passed gets none. A plan whose start has passed starts at once.
 */
import { createHash } from 'node:crypto';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { EventItem } from '@pickem/domain/entities/event';
import { REMINDER_LEADS } from '@pickem/domain/entities/reminder';
import { scheduleName, type ReminderRequest } from '@pickem/domain/reminders';
import { PLAN, type SendPlan } from './plan.ts';

export interface ScheduleTarget {
  /** This function's ARN (its context's invokedFunctionArn). */
  functionArn: string;
  roleArn: string;
  group: string;
}

/** `at()` of a moment, to the second, UTC (Scheduler's one-time expression). */
export function atExpression(ms: number): string {
  return `at(${new Date(ms).toISOString().slice(0, 19)})`;
}

/** Scheduler names are short: the event id's SHA-256 stands for it. */
export function eventScheduleName(eventId: string, minutesBefore: number, run = 0): string {
  return scheduleName(createHash('sha256').update(eventId).digest('hex'), minutesBefore, run);
}

/** A schedule started within this of now would be placed in the past by the time Scheduler reads it. */
const SOONEST_MS = 2000;

export interface PlacedSchedules {
  placed: { minutesBefore: number; at: string; runs: number }[];
  removed: number[];
}

/** The send plan of one lead whose moment is `leadAtMs` (plan.ts's sendPlan with the players counted now). */
export type PlanOf = (minutesBefore: number, leadAtMs: number) => Promise<SendPlan>;

/** Deletes a schedule; false when there was none. */
async function deleteSchedule(scheduler: SchedulerClient, Name: string, GroupName: string): Promise<boolean> {
  try {
    await scheduler.send(new DeleteScheduleCommand({ Name, GroupName }));
    return true;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
    return false;
  }
}

/**
 * Makes the event's schedules match `event` (null: deleted), at `now`. `paced`: whether plans may have
 * more than one run (an SES rate is set); unpaced, the runs past the first are never made, so never deleted.
 */
export async function placeSchedules(
  scheduler: SchedulerClient,
  target: ScheduleTarget,
  eventId: string,
  event: EventItem | null,
  now: number,
  planOf: PlanOf = async (_lead, leadAtMs) => ({ startAtMs: leadAtMs, runs: 1, sendMs: 0 }),
  paced = false,
): Promise<PlacedSchedules> {
  const result: PlacedSchedules = { placed: [], removed: [] };
  const lastRun = paced ? PLAN.maxRuns : 1;
  for (const minutesBefore of REMINDER_LEADS) {
    const leadAt = event ? event.startsAtMs - minutesBefore * 60_000 : 0;
    const plan = event && event.state === 'UPCOMING' && leadAt > now ? await planOf(minutesBefore, leadAt) : null;
    const runs = plan?.runs ?? 0;
    let removed = false;
    for (let run = runs; run < lastRun; run += 1)
      removed =
        (await deleteSchedule(scheduler, eventScheduleName(eventId, minutesBefore, run), target.group)) || removed;
    if (removed && !plan) result.removed.push(minutesBefore);
    if (!event || !plan) continue;
    const at = Math.max(plan.startAtMs, now + SOONEST_MS);
    for (let run = 0; run < runs; run += 1)
      await placeRun(scheduler, target, eventId, event, minutesBefore, at, run, runs);
    result.placed.push({ minutesBefore, at: atExpression(at), runs });
  }
  return result;
}

/** Creates or moves the schedule of one run. */
async function placeRun(
  scheduler: SchedulerClient,
  target: ScheduleTarget,
  eventId: string,
  event: EventItem,
  minutesBefore: number,
  at: number,
  run: number,
  runs: number,
): Promise<void> {
  const Name = eventScheduleName(eventId, minutesBefore, run);
  const send: ReminderRequest = { action: 'send', eventId, minutesBefore, startsAt: event.startsAt, run, runs };
  const input = {
    Name,
    GroupName: target.group,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: target.functionArn, RoleArn: target.roleArn, Input: JSON.stringify(send) },
  };
  try {
    await scheduler.send(new UpdateScheduleCommand(input));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
    try {
      await scheduler.send(new CreateScheduleCommand(input));
    } catch (again) {
      // Created meanwhile by a concurrent run: update it to this run's event.
      if (!(again instanceof ConflictException)) throw again;
      await scheduler.send(new UpdateScheduleCommand(input));
    }
  }
}
