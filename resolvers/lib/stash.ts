import type { BoardHead, SeasonRow } from '@pickem/domain/entities/board';
import type { EventItem } from '@pickem/domain/entities/event';
import type { SeasonItem } from '@pickem/domain/entities/season';
import type { LeagueItem, MemberItem } from '@pickem/domain/entities/league';
import type { MatchFields, MatchItem } from '@pickem/domain/entities/match';
import type { QuestionFields, QuestionItem } from '@pickem/domain/entities/question';
import type { ProfileItem } from '@pickem/domain/entities/profile';
import type { NudgeItem } from '@pickem/domain/entities/nudge';
import type { ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import type { SeasonRanksItem } from '@pickem/domain/entities/season-ranks';
import type { PredictionItem } from '@pickem/domain/entities/prediction';
import type { StandingItem } from '@pickem/domain/entities/standing';
import type { ItemKey } from '@pickem/domain/entities/table';
import type { QueryEventCardResult } from '@pickem/domain/schema-types';
import type { EventView } from '@pickem/domain/visibility';

/**
 * What the pipeline steps pass each other in `ctx.stash`, one type per pipeline family; each key
 * names the step that sets it. A write step's own request-to-response state is typed where it is used.
 * These types cannot say which pipeline's functions set a key; test/stack/stash-flow.test.ts reads the
 * code and fails when a step reads a key that no earlier step of its pipeline (as wired) writes.
 */

/** Pipelines that start with getEventCard: eventCard, savePrediction and the card edits. */
export interface CardStash {
  /** getEventCard: the event, null when there is none. */
  event: EventItem | null;
  /** getEventCard: every match item of the event's partition (on the card or not). */
  matches: MatchItem[];
  /** getEventCard: every question item of the event's partition. */
  questions: QuestionItem[];
  /** getEventCard (eventCard, a league's event board): the picks at the bell the board's head counted (boardPicked), null before. */
  picked: Record<string, number[]> | null;
  /** getEventCard (eventCard, a league's event board): how many picked each option of each question at the bell (boardOptionPicks), null before. */
  optionPicks: Record<string, number[]> | null;
  /** getEventCard (eventCard only): the event's board head, null before the first scoring pass. */
  board: (ItemKey & BoardHead) | null;
  /** addMatch, updateMatch (request): the validated match input. */
  match: MatchFields;
  /** addQuestion, updateQuestion (request): the validated question input. */
  question: QuestionFields;
  /** getMyPrediction (eventCard): the caller's prediction, null if none. */
  myPrediction: PredictionItem | null;
  /** getMyProfile (savePrediction): the caller's profile, null if none yet. */
  profile: ProfileItem | null;
  /** getMyProfile: the name stored for a caller without a profile (caller.ts defaultDisplayName). */
  fallbackName: string;
}

/**
 * What Query.eventCard returns: the EventCard, and the event's board head as `board` (no schema field:
 * EventCard.leaderboard reads it from its source, AppSync's "the resolution of the parent field", so
 * its page needs no second read of the head).
 */
export type EventCardSource = NonNullable<QueryEventCardResult> & { board: BoardHead | null };

/** updateEvent: getEvent → writeEventUpdate → announceStateChange. */
export interface EventUpdateStash {
  /** updateEvent (request): the validated new name, null when the name is not changed. */
  name: string | null;
  /** getEvent: the event, null when there is none. */
  event: EventItem | null;
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
  /** getHistoryPage: every prediction read, with their keys, in key order (UserProfile.history cuts the page). */
  page: { items: (PredictionItem & Partial<ItemKey>)[]; nextToken: string | null };
  /**
   * getHistoryPage: whether the history is the caller's own, the page size, whether DynamoDB has more
   * after the items read, and the cursor the read started from (null: the newest prediction).
   */
  read: { own: boolean; size: number; more: boolean; cursor: HistoryCursor | null };
  /** getHistoryEvents: what the visibility rule reads of each event of the page, and its name now, by event id. */
  events: Record<string, HistoryEvent>;
  /** getHistoryEvents: the board heads (card and score counts) of the events whose prediction is not scored yet, by event id. */
  heads: Record<string, Pick<BoardHead, 'card' | 'scores' | 'rules' | 'tieBreakAnswer' | 'final'>>;
}

/**
 * Where a history page starts (getHistoryPage.historyCursor): after the prediction of order key
 * `value` on day `date` ('bell'), or from sort key `value` on, that prediction excluded ('key').
 */
export interface HistoryCursor {
  kind: 'bell' | 'key';
  value: string;
  date: string;
}

/** What a history page reads of an event: the visibility rule's fields and the event's current name. */
export type HistoryEvent = EventView & Pick<EventItem, 'name'>;

/** Query.upcomingEvents: getUpcomingEvents → getMyEventPicks. */
export interface UpcomingStash {
  /** getUpcomingEvents: the events from yesterday on, soonest first (a player's without the empty ones). */
  events: EventItem[];
  /** getMyEventPicks: the caller's pick count by event id (none: no prediction). */
  pickCounts: Record<string, number>;
  /** getMyEventPicks: whether a late card change touched the caller's prediction, by event id. */
  cardChanged: Record<string, boolean>;
  /** getMyEventPicks: whether the caller has picked every match on the card, by event id. */
  complete: Record<string, boolean>;
  /** getMyNudges: the caller's nudges, by event id; getNudgeMemberships keeps those of leagues the caller is still in. */
  nudges: Record<string, NudgeItem[]>;
}

/** A board page's steps: getBoardChunks or getLeaderboardChunks (EventCard.leaderboard), then getRowNames. */
export interface RowNamesStash<Row> {
  /** The page's rows; getRowNames puts each player's name now in them. */
  rows: Row[];
  nextToken: string | null;
}

/** Query.standings: getSeasonBoard → getBoardChunks → getRowNames. */
export interface BoardPageStash {
  /** Query.standings (request): the season asked for. */
  seasonId: string;
  /** getSeasonBoard: the season's board head, null before the season's first final scoring. */
  board: (ItemKey & BoardHead) | null;
  /** getBoardChunks: the page's rows and the next page's token. */
  rows: SeasonRow[];
  nextToken: string | null;
}

/** Query.userProfile: getProfileStandings → getSeasonRanks. */
export interface ProfileStash {
  /** Query.userProfile (request): whose profile. */
  userId: string;
  /** getProfileStandings: the profile item (null when there is none) and the season standings, newest season first. */
  profile: ProfileItem | null;
  standings: StandingItem[];
  /** getSeasonRanks: the rank-histogram bucket of each standing's points, by season id (absent: none written yet). */
  ranks: Record<string, Pick<SeasonRanksItem, 'bucket' | 'above' | 'scores'>>;
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
 * The league pipelines: (getCodeLeague →) getLeague → getLeagueSeason (→ getMyStanding → getMyProfile) → a write;
 * createLeague: getLeagueSeason → getMyStanding → getMyProfile → writeNewLeague; leaguePreview: getCodeLeague →
 * checkJoinAttempts → getLeague → getLeagueSeason → getCommissionerName.
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
  /** joinLeague (getCodeLeague): no league has the code (checkJoinAttempts counts it and answers InvalidCode). */
  wrongCode: boolean;
  /** createLeague (request): the validated name. */
  name: string;
  /** getMyProfile: the caller's profile, null if none yet. */
  profile: ProfileItem | null;
  /** getMyProfile: the name stored for a caller without a profile (caller.ts defaultDisplayName). */
  fallbackName: string;
  /** createLeague, joinLeague (getMyStanding): the caller's standing in the league's season, null if none. */
  standing: StandingItem | null;
  standingKey: ItemKey;
  /** leaguePreview (getCommissionerName): the commissioner's display name now. */
  commissionerName: string;
}

/** League.standings, League.myRank, League.eventLeaderboard: getLeagueMembers → (getEventCard →) a BatchGetItem. */
export interface LeagueTableStash extends CardStash {
  /** League.myRank (request): only the ranks are wanted, so a league with a stored table needs no read. */
  ranksOnly: boolean;
  /** getLeagueMembers: the league's members. */
  members: MemberItem[];
  /** getMemberStandings, getMemberPredictions: the items read, by user id. */
  standings: Record<string, Record<string, unknown>>;
  predictions: Record<string, PredictionItem>;
  profiles: Record<string, ProfileItem>;
  /** League.missingPicks (request): getMemberPredictions reads the members' reminder settings too. */
  withReminders: boolean;
  /** getMemberPredictions, with withReminders: the settings read, by user id (a player who never saved any is absent). */
  reminders: Record<string, ReminderSettingsItem>;
}

/** nudgeLeague: getLeague → getLeagueSeason → getEventCard → getMemberPredictions → writeNudges → sendNudges. */
export interface NudgeStash extends LeagueStash, LeagueTableStash {
  /** writeNudges: the members nudged (each one's count of matches not picked), empty when none was. */
  unpicked: Record<string, number>;
}

/** updateReminders: getMyProfile → writeReminders. */
export interface RemindersStash extends Pick<CardStash, 'profile' | 'fallbackName'> {
  /** updateReminders (request): the validated settings. */
  settings: ReminderSettingsItem;
}
