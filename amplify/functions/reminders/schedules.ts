/**
 * An event's reminder schedules in EventBridge Scheduler: one one-time `at()` schedule per lead
 * (REMINDER_LEADS), deleted by Scheduler once it has run (`ActionAfterCompletion: DELETE`), each
 * invoking this function with a `send` request. Placing them again for the event as stored makes them
 * follow its bell: moved when it moves, deleted when the event is gone or no longer UPCOMING, and a
 * lead whose moment has already passed gets none.
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
export function eventScheduleName(eventId: string, minutesBefore: number): string {
  return scheduleName(createHash('sha256').update(eventId).digest('hex'), minutesBefore);
}

export interface PlacedSchedules {
  placed: { minutesBefore: number; at: string }[];
  removed: number[];
}

/** Makes the event's schedules match `event` (null: deleted), at `now`. */
export async function placeSchedules(
  scheduler: SchedulerClient,
  target: ScheduleTarget,
  eventId: string,
  event: EventItem | null,
  now: number,
): Promise<PlacedSchedules> {
  const result: PlacedSchedules = { placed: [], removed: [] };
  for (const minutesBefore of REMINDER_LEADS) {
    const Name = eventScheduleName(eventId, minutesBefore);
    const at = event ? event.startsAtMs - minutesBefore * 60_000 : 0;
    if (!event || event.state !== 'UPCOMING' || at <= now) {
      try {
        await scheduler.send(new DeleteScheduleCommand({ Name, GroupName: target.group }));
        result.removed.push(minutesBefore);
      } catch (err) {
        if (!(err instanceof ResourceNotFoundException)) throw err;
      }
      continue;
    }
    const send: ReminderRequest = { action: 'send', eventId, minutesBefore, startsAt: event.startsAt };
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
    result.placed.push({ minutesBefore, at: input.ScheduleExpression });
  }
  return result;
}
