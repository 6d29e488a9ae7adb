/**
 * Hand-written documents for what the generated ones cannot give, typed like them, read by both apps:
 * myLeagues without every league's table (the generated one selects `standings` of all ten), and a
 * league's event board (`eventLeaderboard` has a required argument, so codegen leaves it out), and a
 * league's chat page and read mark without the league's table (the generated ones select it), and the
 * league screen without a page of its chat (the chat reads its own, as it opens).
 */
import type { BoardRow, Card, Match } from './card.ts';
import type { ChatMessage } from './chat.ts';
import type { LeagueQuery, MyLeaguesQuery } from './graphql/types.ts';

/** A hand-written document typed like the generated ones (its variables and its result). */
export type Typed<Variables, Result> = string & { __generatedQueryInput: Variables; __generatedQueryOutput: Result };

type LeagueItem = MyLeaguesQuery['myLeagues'][number];
export type LeagueSummary = Pick<LeagueItem, '__typename' | 'id' | 'name' | 'memberCount' | 'myRank' | 'unread'> & {
  season: Pick<LeagueItem['season'], '__typename' | 'id' | 'name'>;
};

export const myLeagueList = /* GraphQL */ `
query MyLeagueList {
  myLeagues { __typename id name memberCount myRank unread season { __typename id name } }
}
` as Typed<Record<string, never>, { myLeagues: LeagueSummary[] }>;

type CardRow = NonNullable<Card['leaderboard']>['items'][number];
/** A league board's row: a member's figures and, once the picks lock, their picks (joker, finish), tie-break guess and answers; once scored, their awards. */
export type LeagueBoardRow = BoardRow & Pick<CardRow, 'picks' | 'tieBreak' | 'answers' | 'awards'>;
/** What the league board reads of the event's questions: enough to word each member's answers and what they earned. */
export type BoardQuestionOf = Pick<
  Card['questions'][number],
  | '__typename'
  | 'id'
  | 'position'
  | 'kind'
  | 'text'
  | 'options'
  | 'pickCount'
  | 'points'
  | 'closePoints'
  | 'closeRange'
  | 'answer'
>;
export type BoardMatch = Pick<Match, '__typename' | 'id' | 'position' | 'teams' | 'result' | 'outcome'>;
/** What the league board reads of the event: its tie-break question and answer, to show the guesses. */
export type BoardEvent = Pick<Card['event'], '__typename' | 'id' | 'tieBreakAnswer'> & {
  rules: Pick<Card['event']['rules'], '__typename' | 'tieBreakQuestion'>;
};

/**
 * The board and, in the same request, the card it is on (the matches' teams and results, to name each
 * pick and mark it right or wrong; the tie-break question and answer; the questions, to word the answers): one request a read, whatever
 * the number of members.
 */
export const leagueEventBoard = /* GraphQL */ `
query LeagueEventBoard($leagueId: ID!, $eventId: ID!) {
  league(leagueId: $leagueId) {
    __typename
    id
    eventLeaderboard(eventId: $eventId) {
      __typename userId rank displayName points correct tieBreak awards picks { __typename matchId team method joker }
      answers { __typename questionId options number }
    }
  }
  eventCard(eventId: $eventId) {
    __typename
    event { __typename id tieBreakAnswer rules { __typename tieBreakQuestion } }
    matches {
      __typename id position result outcome teams { __typename name members champion }
    }
    questions {
      __typename id position kind text options pickCount points closePoints closeRange
      answer { __typename options number void }
    }
  }
}
` as Typed<
  { leagueId: string; eventId: string },
  {
    league: { __typename: 'League'; id: string; eventLeaderboard: LeagueBoardRow[] | null } | null;
    eventCard: {
      __typename: 'EventCard';
      event: BoardEvent;
      matches: BoardMatch[];
      questions: BoardQuestionOf[];
    } | null;
  }
>;

export type AdminQuestion = Card['questions'][number];

/** The event's questions alone, for the admin's answers once the show is on (the card's other parts are read already). */
export const eventQuestions = /* GraphQL */ `
query EventQuestions($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    questions {
      __typename id position kind text options pickCount points closePoints closeRange
      answer { __typename options number void }
      optionShares
    }
  }
}
` as Typed<{ eventId: string }, { eventCard: { __typename: 'EventCard'; questions: AdminQuestion[] } | null }>;

const MESSAGE_FIELDS = '__typename id leagueId userId displayName text createdAt kind removed';

/** A page of a league's chat, newest first, with the caller's unread count. */
export const leagueChat = /* GraphQL */ `
query LeagueChat($leagueId: ID!, $limit: Int, $nextToken: String) {
  league(leagueId: $leagueId) {
    __typename id unread
    messages(limit: $limit, nextToken: $nextToken) { __typename items { ${MESSAGE_FIELDS} } nextToken }
  }
}
` as Typed<
  { leagueId: string; limit?: number | null; nextToken?: string | null },
  {
    league: {
      __typename: 'League';
      id: string;
      unread: number;
      messages: { __typename: 'LeagueMessageConnection'; items: ChatMessage[]; nextToken: string | null };
    } | null;
  }
>;

/** markLeagueRead answering only the new unread count (0). */
export const markLeagueReadOnly = /* GraphQL */ `
mutation MarkLeagueReadOnly($leagueId: ID!) {
  markLeagueRead(leagueId: $leagueId) { __typename id unread }
}
` as Typed<{ leagueId: string }, { markLeagueRead: { __typename: 'League'; id: string; unread: number } }>;

type LeagueOf = NonNullable<LeagueQuery['league']>;
const REIGN_FIELDS = '__typename userId displayName wonAt wonAtName defenses endedAt';
export type LeagueScreenData = Omit<LeagueOf, 'messages' | 'lineage'>;

/** A league's screen: the league and its table (the chat's messages are the chat's own request). */
export const leagueScreen = /* GraphQL */ `
query LeagueScreen($leagueId: ID!) {
  league(leagueId: $leagueId) {
    __typename id name memberCount joinsOpen commissionerId inviteCode myRank unread
    season { __typename id name startDate endDate }
    standings { __typename seasonId season rank userId displayName points correct eventsPlayed }
    champion { ${REIGN_FIELDS} }
  }
}
` as Typed<{ leagueId: string }, { league: LeagueScreenData | null }>;

/** A page of the league's title history, newest reign first. */
export const leagueLineage = /* GraphQL */ `
query LeagueLineage($leagueId: ID!, $nextToken: String) {
  league(leagueId: $leagueId) {
    __typename id
    lineage(limit: 20, nextToken: $nextToken) { __typename items { ${REIGN_FIELDS} } nextToken }
  }
}
` as Typed<
  { leagueId: string; nextToken?: string | null },
  { league: { __typename: 'League'; id: string; lineage: LeagueOf['lineage'] } | null }
>;
