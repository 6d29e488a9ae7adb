/**
 * The reminder function: places an event's schedules (`schedule`, invoked asynchronously by createEvent
 * and updateEvent), and sends one lead's reminders (`send`, invoked by those schedules). Clients take
 * their endpoints from the SDK's standard variables, so the local runtime points them at DynamoDB Local
 * and its local services (SES outbox, scheduler) and the same code runs in both places.
 * A `send` that could not send some email throws after trying every player, so that Lambda's retry of
 * an asynchronous invocation sends those again (and only those: remind.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { NudgeOutcome, ReminderRequest } from '@pickem/domain/reminders';
import { nudge } from './nudge.ts';
import { REMINDER } from '@pickem/domain/entities/reminder';
import { readEvent, remind, type RemindOutcome } from './remind.ts';
import { countOptedIn } from './opted-in.ts';
import { sendPlan } from './plan.ts';
import { placeSchedules, type PlacedSchedules } from './schedules.ts';
import { settingsFromEnvironment } from './settings.ts';

const clients = new Map<string, { dynamo: DynamoDBClient; ses: SESv2Client; scheduler: SchedulerClient }>();

/** One set of clients per set of endpoints (the local runtime's can change between test files). */
function clientsFor(env: NodeJS.ProcessEnv = process.env) {
  const key = [env.AWS_ENDPOINT_URL_DYNAMODB, env.AWS_ENDPOINT_URL_SESV2, env.AWS_ENDPOINT_URL_SCHEDULER].join('|');
  let found = clients.get(key);
  if (!found) {
    found = { dynamo: new DynamoDBClient({}), ses: new SESv2Client({}), scheduler: new SchedulerClient({}) };
    clients.set(key, found);
  }
  return found;
}

function parse(event: unknown): ReminderRequest {
  const e = (event ?? {}) as Record<string, unknown>;
  if (typeof e.eventId !== 'string' || e.eventId === '') throw new Error('eventId must be a non-empty string');
  if (e.action === 'schedule') return { action: 'schedule', eventId: e.eventId };
  if (e.action === 'nudge') {
    if (typeof e.leagueId !== 'string' || typeof e.leagueName !== 'string')
      throw new Error('leagueId and leagueName are required');
    if (!e.unpicked || typeof e.unpicked !== 'object') throw new Error('unpicked must map user ids to counts');
    return {
      action: 'nudge',
      leagueId: e.leagueId,
      leagueName: e.leagueName,
      eventId: e.eventId,
      unpicked: e.unpicked as Record<string, number>,
    };
  }
  if (e.action === 'send') {
    if (typeof e.minutesBefore !== 'number' || !REMINDER.isLead(e.minutesBefore))
      throw new Error('minutesBefore must be one of the reminder leads');
    if (typeof e.startsAt !== 'string') throw new Error('startsAt must be the bell the run was scheduled for');
    const runs = e.runs ?? 1;
    const run = e.run ?? 0;
    if (typeof runs !== 'number' || typeof run !== 'number' || !Number.isInteger(run) || !(run >= 0 && run < runs))
      throw new Error('run must be a whole number from 0 to runs - 1');
    return { action: 'send', eventId: e.eventId, minutesBefore: e.minutesBefore, startsAt: e.startsAt, run, runs };
  }
  throw new Error(`action must be schedule, send or nudge; got ${JSON.stringify(e.action)}`);
}

export async function handler(
  event: unknown,
  context: { invokedFunctionArn: string },
): Promise<RemindOutcome | PlacedSchedules | NudgeOutcome> {
  const request = parse(event);
  // Reminders are off where the function has no scheduler role (a local API started without its
  // services and settings, as most tests start it): nothing is scheduled, and no AWS endpoint is called.
  if (!process.env.SCHEDULER_ROLE_ARN) return request.action === 'nudge' ? { sent: 0 } : { placed: [], removed: [] };
  const settings = await settingsFromEnvironment();
  const { dynamo, ses, scheduler } = clientsFor();
  if (request.action === 'schedule') {
    const stored = await readEvent(dynamo, settings.tableName, request.eventId);
    const target = {
      // An alias or version qualifier is dropped: the schedules invoke the function itself.
      functionArn: context.invokedFunctionArn.split(':').slice(0, 7).join(':'),
      roleArn: settings.schedulerRoleArn,
      group: settings.scheduleGroup,
    };
    // Paced at the account's SES rate, each lead's send starts early enough for its players counted now.
    const rate = settings.sendRate;
    const planOf = async (minutesBefore: number, leadAtMs: number) =>
      sendPlan(
        rate ? await countOptedIn(dynamo, settings.tableName, minutesBefore) : 0,
        rate,
        leadAtMs,
        settings.runMs,
      );
    return placeSchedules(scheduler, target, request.eventId, stored, Date.now(), planOf, rate !== null);
  }
  const deps = { dynamo, ses, settings, now: Date.now };
  if (request.action === 'nudge') return nudge(deps, request);
  const outcome = await remind(deps, request);
  console.log(`[reminders] ${request.eventId} ${request.minutesBefore} min: ${JSON.stringify(outcome)}`);
  if (outcome.failed > 0) throw new Error(`${outcome.failed} reminder(s) could not be sent; a retry sends them`);
  return outcome;
}
