import type { EventItem } from '@pickem/domain/entities/event';
import type { MemberItem } from '@pickem/domain/entities/league';
import type { PredictionItem } from '@pickem/domain/entities/prediction';
import type { ReminderSettingsItem } from '@pickem/domain/entities/reminder';

/**
 * The members without a complete prediction for an event (League.missingPicks, nudgeLeague): each one's
 * count of the card's matches they have not picked (a pick of a match no longer on the card does not count).
 */
export function unpickedOf(
  event: EventItem,
  members: MemberItem[],
  predictions: Record<string, PredictionItem>,
): Record<string, number> {
  const unpicked: Record<string, number> = {};
  for (const m of members) {
    const missing = event.matchOrder.length - pickedOnCard(event, predictions[m.userId]);
    if (missing > 0) unpicked[m.userId] = missing;
  }
  return unpicked;
}

/** How many of the card's matches a prediction picks. */
export function pickedOnCard(
  event: Pick<EventItem, 'matchOrder'>,
  prediction: Pick<PredictionItem, 'picks'> | null | undefined,
) {
  if (!prediction) return 0;
  const picked: Record<string, boolean> = {};
  for (const p of prediction.picks) if (event.matchOrder.indexOf(p.matchId) >= 0) picked[p.matchId] = true;
  return Object.keys(picked).length;
}

/** Whether a nudge emails this player: their email reminders are on, with an address (as the reminder function checks). */
export function emailedByNudge(settings: ReminderSettingsItem | undefined): boolean {
  return !!settings && settings.email === true && !!settings.address;
}
