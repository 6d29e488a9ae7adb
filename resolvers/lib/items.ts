/** Stored items (see keys.ts) to the GraphQL types of schema.graphql. */

export interface EventItem {
  id: string;
  name: string;
  date: string;
  startsAt: string;
  /** startsAt in epoch milliseconds: the prediction lock compares it with the server clock. */
  startsAtMs: number;
  state: 'UPCOMING' | 'BROADCAST' | 'SCORED';
  season: number;
  /** Match ids in card order: reordering a card rewrites this list, never a sort key. */
  matchOrder: string[];
}

export interface TeamItem {
  name: string | null;
  members: string[];
  champion: boolean;
}

export interface MatchItem {
  id: string;
  eventId: string;
  name: string | null;
  points: number;
  preshow: boolean;
  championships: string[];
  teams: TeamItem[];
  result: number | null;
}

export interface PickItem {
  matchId: string;
  team: number;
}

export interface PredictionItem {
  userId: string;
  displayName: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  picks: PickItem[];
  points: number | null;
  correct: number | null;
  rank: number | null;
  updatedAt: string;
}

export interface StandingItem {
  season: number;
  rank: number;
  userId: string;
  displayName: string;
  points: number;
  correct: number;
  eventsPlayed: number;
}

export function toEvent(item: EventItem) {
  return {
    id: item.id,
    name: item.name,
    date: item.date,
    startsAt: item.startsAt,
    state: item.state,
    season: item.season,
    matchCount: item.matchOrder.length,
  };
}

export function toMatch(item: MatchItem, position: number, showResult: boolean) {
  return {
    id: item.id,
    eventId: item.eventId,
    position,
    name: item.name ?? null,
    points: item.points,
    preshow: item.preshow,
    championships: item.championships ?? [],
    teams: item.teams.map((t) => ({ name: t.name ?? null, members: t.members, champion: t.champion === true })),
    result: showResult ? item.result ?? null : null,
  };
}

/** The card's matches in the event's `matchOrder`, positions 1-based. */
export function cardMatches(event: EventItem, matches: MatchItem[], showResults: boolean) {
  const byId: Record<string, MatchItem> = {};
  for (const m of matches) byId[m.id] = m;
  const ordered = event.matchOrder.filter((id) => Object.hasOwn(byId, id));
  return ordered.map((id, index) => toMatch(byId[id], index + 1, showResults));
}

export function toPrediction(item: PredictionItem) {
  return {
    userId: item.userId,
    displayName: item.displayName,
    eventId: item.eventId,
    eventName: item.eventName,
    eventDate: item.eventDate,
    picks: item.picks,
    points: item.points ?? null,
    correct: item.correct ?? null,
    rank: item.rank ?? null,
    updatedAt: item.updatedAt,
  };
}

export function toStanding(item: StandingItem) {
  return {
    season: item.season,
    rank: item.rank,
    userId: item.userId,
    displayName: item.displayName,
    points: item.points,
    correct: item.correct,
    eventsPlayed: item.eventsPlayed,
  };
}
