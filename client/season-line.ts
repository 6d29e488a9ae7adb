/**
 * A player's season as a line: after each scored event of the season, oldest first, the event's points
 * and rank and the season's running total. Built from the profile's history (what the screen has
 * loaded). A live event's figures are provisional (its `possiblePoints` is set) and the season's
 * standings do not count them yet, so neither does the line. The season's rank after each event is
 * not kept, so the rank drawn is the event's.
 */
export interface SeasonSpan {
  startDate: string;
  endDate?: string | null;
}

export interface HistoryPoint {
  eventId: string;
  eventName: string;
  eventDate: string;
  points?: number | null;
  rank?: number | null;
  /** Set while the event is live (BROADCAST). */
  possiblePoints?: number | null;
}

export interface SeasonStep {
  eventId: string;
  eventName: string;
  eventDate: string;
  points: number;
  rank: number | null;
  total: number;
}

export function seasonLine(history: readonly HistoryPoint[], season: SeasonSpan): SeasonStep[] {
  const inSeason = history.filter(
    (h) =>
      h.points !== null &&
      h.points !== undefined &&
      (h.possiblePoints === null || h.possiblePoints === undefined) &&
      h.eventDate >= season.startDate &&
      (!season.endDate || h.eventDate <= season.endDate),
  );
  inSeason.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventName.localeCompare(b.eventName));
  let total = 0;
  return inSeason.map((h) => {
    total += h.points!;
    return {
      eventId: h.eventId,
      eventName: h.eventName,
      eventDate: h.eventDate,
      points: h.points!,
      rank: h.rank ?? null,
      total,
    };
  });
}

/** The chart's text alternative: one sentence a screen reader can read for the whole line. */
export function seasonLineText(steps: readonly SeasonStep[], seasonName: string): string {
  if (steps.length === 0) return `No scored events in ${seasonName} yet.`;
  const each = steps.map(
    (s) => `${s.eventName}: ${s.points} points${s.rank ? `, rank ${s.rank}` : ''}, ${s.total} in all`,
  );
  return `${seasonName}, event by event. ${each.join('; ')}.`;
}
