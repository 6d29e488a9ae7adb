/**
 * A commissioner's nudge: the members the resolver found without a complete prediction, who have email
 * reminders on (the same rule, and the same unsubscribe link, as reminders), get one email each, once
 * per league and event (the mark `NUDGED#<leagueId>#<eventId>` written on the condition that it is new
 * before the email goes; deleted again if SES refuses it). Nothing after the bell.
 */
import { BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { REMINDER, type ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import type { NudgeOutcome } from '@pickem/domain/reminders';
import { fromAttributes, toAttributes } from '../score-event/attributes.ts';
import { reminderEmail } from './email.ts';
import { claim, eventUrl, readEvent, release, unsubscribeUrl, type RemindDeps } from './remind.ts';

export async function nudge(
  deps: RemindDeps,
  request: { leagueId: string; leagueName: string; eventId: string; unpicked: Record<string, number> },
): Promise<NudgeOutcome> {
  const event = await readEvent(deps.dynamo, deps.settings.tableName, request.eventId);
  const userIds = Object.keys(request.unpicked);
  if (!event || event.state !== 'UPCOMING' || deps.now() >= event.startsAtMs || userIds.length === 0)
    return { sent: 0 };
  // A league has at most 30 members: one BatchGetItem of their settings.
  const out = await deps.dynamo.send(
    new BatchGetItemCommand({
      RequestItems: {
        [deps.settings.tableName]: { Keys: userIds.map((id) => toAttributes(REMINDER.key(id))), ConsistentRead: true },
      },
    }),
  );
  const players = (out.Responses?.[deps.settings.tableName] ?? []).map(
    (i) => fromAttributes(i) as unknown as ReminderSettingsItem,
  );
  let sent = 0;
  for (const player of players) {
    if (!player.email || !player.address) continue;
    const mark = REMINDER.nudgedKey(player.userId, request.leagueId, event.id);
    if (!(await claim(deps, mark))) continue;
    const email = await reminderEmail({
      to: player.address,
      from: deps.settings.sender,
      eventName: event.name,
      startsAt: event.startsAt,
      minutesBefore: Math.max(1, Math.round((event.startsAtMs - deps.now()) / 60_000)),
      unpicked: request.unpicked[player.userId],
      matchCount: event.matchOrder.length,
      eventUrl: eventUrl(deps.settings.appUrl, event.id),
      unsubscribeUrl: unsubscribeUrl(deps.settings, player.userId),
      nudgedBy: request.leagueName,
    });
    try {
      await deps.ses.send(new SendEmailCommand(email));
      sent += 1;
    } catch (err) {
      await release(deps, mark);
      throw err;
    }
  }
  return { sent };
}
