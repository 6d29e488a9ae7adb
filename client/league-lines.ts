/**
 * A league's season as lines (issue 41): each member's running total after each scored event of the
 * league's season, oldest first. The points come from the league's event boards (League.eventLeaderboard,
 * one per scored event), read as aliases of one GraphQL request per LEAGUE_LINES_BATCH events: the API
 * runs at most 20 resolvers a request (the league and 18 boards leave room to spare).
 */

export const LEAGUE_LINES_BATCH = 18;

export interface ScoredEvent {
  id: string;
  name: string;
  date: string;
}

export interface LeagueLineStep {
  eventId: string;
  eventName: string;
  /** Each member's season total after this event, by user id. */
  totals: Record<string, number>;
}

/** The GraphQL document of one batch: `e0`, `e1`... the boards of these events, points alone. */
export function leagueLinesQuery(eventCount: number): string {
  const vars = Array.from({ length: eventCount }, (_, i) => `$e${i}: ID!`).join(', ');
  const boards = Array.from(
    { length: eventCount },
    (_, i) => `e${i}: eventLeaderboard(eventId: $e${i}) { __typename userId points }`,
  ).join(' ');
  return `query LeagueLines($leagueId: ID!${vars ? `, ${vars}` : ''}) { league(leagueId: $leagueId) { __typename id ${boards} } }`;
}

/** The events to read: the scored ones, oldest first, in batches. */
export function leagueLineBatches<E extends ScoredEvent & { state: string }>(events: readonly E[]): E[][] {
  const scored = events
    .filter((e) => e.state === 'SCORED')
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  const batches: E[][] = [];
  for (let i = 0; i < scored.length; i += LEAGUE_LINES_BATCH) batches.push(scored.slice(i, i + LEAGUE_LINES_BATCH));
  return batches;
}

/**
 * The running totals: `boards` holds each scored event's rows (null when the board is hidden), in the
 * order of `events`. A member without a prediction for an event scores 0 in it.
 */
export function leagueLines(
  members: readonly { userId: string }[],
  events: readonly ScoredEvent[],
  boards: readonly ({ userId: string; points?: number | null }[] | null)[],
): LeagueLineStep[] {
  const running: Record<string, number> = {};
  for (const m of members) running[m.userId] = 0;
  const steps: LeagueLineStep[] = [];
  events.forEach((event, i) => {
    const board = boards[i];
    if (!board) return;
    for (const row of board) if (row.userId in running) running[row.userId] += row.points ?? 0;
    steps.push({ eventId: event.id, eventName: event.name, totals: { ...running } });
  });
  return steps;
}

/** The chart's text alternative: after each event, every member's total, highest first. */
export function leagueLinesText(
  steps: readonly LeagueLineStep[],
  members: readonly { userId: string; name: string }[],
  leagueName: string,
): string {
  if (steps.length === 0) return `No scored events in ${leagueName}'s season yet.`;
  const each = steps.map((s) => {
    const ranked = [...members].sort((a, b) => (s.totals[b.userId] ?? 0) - (s.totals[a.userId] ?? 0));
    return `after ${s.eventName}: ${ranked.map((m) => `${m.name} ${s.totals[m.userId] ?? 0}`).join(', ')}`;
  });
  return `${leagueName}, season points ${each.join('; ')}.`;
}
