import type { EventItem } from './entities/event';
import type { SeasonItem } from './entities/season';
import type { LeagueItem, MemberItem } from './entities/league';
import type { MatchFields, MatchItem } from './entities/match';
import type { ProfileItem } from './entities/profile';
import type { PredictionItem } from './entities/prediction';
import type { ItemKey } from './entities/table';
import type { EventView } from './visibility';

/**
 * What the pipeline steps pass each other in `ctx.stash`, one type per pipeline family; each key
 * names the step that sets it. A write step's own request-to-response state is typed where it is used.
 */

/** Pipelines that start with getEventCard: eventCard, savePrediction and the card edits. */
export interface CardStash {
  /** getEventCard: the event, null when there is none. */
  event: EventItem | null;
  /** getEventCard: every match item of the event's partition (on the card or not). */
  matches: MatchItem[];
  /** addMatch, updateMatch (request): the validated match input. */
  match: MatchFields;
  /** getMyPrediction (eventCard): the caller's prediction, null if none. */
  myPrediction: PredictionItem | null;
  /** getMyProfile (savePrediction): the caller's profile, null if none yet. */
  profile: ProfileItem | null;
}

/** updateEvent: getEvent → getEventPredictionKeys → writeEventUpdate → announceStateChange. */
export interface EventUpdateStash {
  /** updateEvent (request): the validated new name, null when the name is not changed. */
  name: string | null;
  /** getEvent: the event, null when there is none. */
  event: EventItem | null;
  /** getEventPredictionKeys: the keys of the predictions that take a new name with the event. */
  predictions: ItemKey[];
  /** writeEventUpdate (request): the event as written; unset when nothing changed. */
  updated: EventItem;
}

/** updateMyProfile: getMyProfileItems → getMyRecentPredictions → writeDisplayName. */
export interface RenameStash {
  /** updateMyProfile (request): the validated new name. */
  displayName: string;
  /** getMyProfileItems: the keys of the caller's season standings. */
  standings: ItemKey[];
  /** getMyRecentPredictions: the keys of the caller's newest predictions. */
  predictions: ItemKey[];
}

/** UserProfile.history: getHistoryPage → getHistoryEvents. */
export interface HistoryStash {
  /** getHistoryPage: the page of predictions. */
  page: { items: PredictionItem[]; nextToken: string | null };
  /** getHistoryEvents: what the visibility rule reads of each event of the page, by event id. */
  events: Record<string, EventView>;
}

/** createSeason, updateSeason: (getSeason →) getWindowEvents → writeSeason. */
export interface SeasonStash {
  /** updateSeason: getSeason: the season as stored (null for createSeason). */
  before: SeasonItem | null;
  /** createSeason (request), updateSeason (getSeason): the season as it is to be written. */
  season: SeasonItem;
  /** getWindowEvents: the events whose dates enter or leave the window. */
  events: EventItem[];
}

/**
 * The league pipelines: (getCodeLeague →) getLeague → getLeagueSeason (→ getMyProfile) → a write;
 * createLeague: getLeagueSeason → getMyProfile → writeNewLeague.
 */
export interface LeagueStash {
  /** The resolver's request (joinLeague: getCodeLeague): the league's id. */
  leagueId: string;
  /** getLeague: the league, null when there is none. */
  league: LeagueItem | null;
  /** getLeague: its members. */
  members: MemberItem[];
  /** createLeague (request): the season asked for; else getLeagueSeason from the league. */
  seasonId: string;
  /** getLeagueSeason: the league's season. */
  season: SeasonItem;
  /** joinLeague (request): the typed code in its stored form. */
  code: string;
  /** createLeague (request): the validated name. */
  name: string;
  /** getMyProfile: the caller's profile, null if none yet. */
  profile: ProfileItem | null;
}

/** League.standings, League.myRank, League.eventLeaderboard: getLeagueMembers → (getEventCard →) a BatchGetItem. */
export interface LeagueTableStash extends CardStash {
  /** getLeagueMembers: the league's members. */
  members: MemberItem[];
  /** getMemberStandings, getMemberPredictions: the items read, by user id. */
  standings: Record<string, Record<string, unknown>>;
  predictions: Record<string, PredictionItem>;
  profiles: Record<string, ProfileItem>;
}
