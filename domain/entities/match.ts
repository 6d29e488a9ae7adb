/** Match items: in their event's partition, `EVENT#<eventId>` / `MATCH#<matchId>`; no GSI key. */
import type { FinishMethod, MatchOutcome } from '../schema-types';
import { EVENT, type EventItem } from './event';
import { beginsWith, onTable } from './access';
import { sharesOf } from '../points';
import type { ItemKey } from './table';

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
  /** The winning team's index; null without a winner (no result yet, a draw, a no contest). */
  result: number | null;
  /** How the match ended; null (or absent, on items written before outcomes) while it has no result. */
  outcome?: MatchOutcome | null;
  /** How a match with a winner ended, when the admin said (absent: not said). */
  method?: FinishMethod | null;
}

/** Outcomes without a winner: they award no points to anyone and count as no correct pick. */
export const NO_WINNER_OUTCOMES: MatchOutcome[] = ['DRAW', 'NO_CONTEST'];

/** How a match ended, or null while it has no result (an item with only a winner is a WIN). */
export function outcomeOf(match: Pick<MatchItem, 'result' | 'outcome'>): MatchOutcome | null {
  if (match.outcome !== null && match.outcome !== undefined) return match.outcome;
  return match.result === null || match.result === undefined ? null : 'WIN';
}

/** The team a correct pick names; null when the match has no winner (yet, or at all). */
export function winnerOf(match: Pick<MatchItem, 'result' | 'outcome'>): number | null {
  return outcomeOf(match) === 'WIN' ? match.result : null;
}

/** What a MatchInput becomes once validated: a match without its ids and result. */
export type MatchFields = Pick<MatchItem, 'name' | 'points' | 'preshow' | 'championships' | 'teams'>;

/** Matches a card holds at most (the event partition is read in one page of this many + 1). */
export const MAX_MATCHES_PER_CARD = 50;
export const MAX_MATCH_POINTS = 1000;

export const MATCH_LIMIT = {
  name: 100,
  teamName: 100,
  member: 100,
  championship: 100,
  teamsPerMatch: 30,
  membersPerTeam: 30,
  championshipsPerMatch: 10,
} as const;

const TYPE = 'Match';
const SK_PREFIX = 'MATCH#';

const key = (eventId: string, matchId: string): ItemKey => ({ PK: EVENT.pk(eventId), SK: `${SK_PREFIX}${matchId}` });
/** The stored attributes of a match, without its primary key. */
const attributes = (match: MatchItem) => ({ type: TYPE, ...match });

export const MATCH = {
  type: TYPE,
  key,
  /** Access pattern: the matches of an event's partition, without the event item (the scoring function). */
  card: (eventId: string) => onTable(EVENT.pk(eventId), beginsWith(SK_PREFIX), true),
  /** A new or edited match: it has no result. */
  record: (eventId: string, matchId: string, fields: MatchFields): MatchItem => ({
    id: matchId,
    eventId,
    ...fields,
    result: null,
    outcome: null,
    method: null,
  }),
  attributes,
  item: (match: MatchItem) => ({ ...key(match.eventId, match.id), ...attributes(match) }),
};

/**
 * A match item to the GraphQL Match at card `position` (1-based); `picked`: how many predictions
 * picked each team at the bell (null before it; shown as percents).
 */
export function toMatch(item: MatchItem, position: number, showResult: boolean, picked: number[] | null = null) {
  return {
    id: item.id,
    eventId: item.eventId,
    position,
    name: item.name ?? null,
    points: item.points,
    preshow: item.preshow,
    championships: item.championships ?? [],
    teams: item.teams.map((t) => ({ name: t.name ?? null, members: t.members, champion: t.champion === true })),
    result: showResult ? winnerOf(item) : null,
    outcome: showResult ? outcomeOf(item) : null,
    method: showResult && winnerOf(item) !== null ? (item.method ?? null) : null,
    pickShares: showResult && picked !== null ? sharesOf(picked) : null,
  };
}

/** The card's matches in the event's `matchOrder`, positions 1-based. */
export function cardMatches(
  event: EventItem,
  matches: MatchItem[],
  showResults: boolean,
  picked: Record<string, number[]> | null = null,
) {
  const byId: Record<string, MatchItem> = {};
  for (const m of matches) byId[m.id] = m;
  const ordered = event.matchOrder.filter((id) => Object.hasOwn(byId, id));
  return ordered.map((id, index) =>
    toMatch(byId[id], index + 1, showResults, picked !== null && Object.hasOwn(picked, id) ? picked[id] : null),
  );
}
