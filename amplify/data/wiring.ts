import {
  wireApi,
  type ApiWiring,
  type DataSource,
  type PipelineFunction,
  type ResolverDeclaration,
} from 'appsync-cloud';
import { pickemTable } from './table.ts';

/**
 * Which resolver serves which field of schema.graphql. The cloud stack (amplify/data/resource.ts)
 * and the local runtime (scripts/start.ts) both build from this declaration.
 */
const TABLE = 'PickEmTable';

/** The scoring Lambda; amplify/functions/score-event/resource.ts deploys this handler. */
export const scoringSource = {
  name: 'ScoringFunction',
  kind: 'LAMBDA',
  handler: 'amplify/functions/score-event/handler.ts',
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
  // It publishes the live updates and the leagues' SYSTEM messages (announce.ts) with its own IAM identity.
  callsApi: { urlVariable: 'API_URL', fields: ['Mutation.publishEventUpdate', 'Mutation.publishLeagueMessage'] },
} as const satisfies DataSource;

/**
 * The reminder Lambda; amplify/functions/reminders/resource.ts deploys this handler. createEvent and
 * updateEvent invoke it to place an event's schedules, which invoke it to send (docs/reminders.md).
 */
export const remindersSource = {
  name: 'ReminderFunction',
  kind: 'LAMBDA',
  handler: 'amplify/functions/reminders/handler.ts',
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
} as const satisfies DataSource;

/**
 * The one-click unsubscribe (RFC 8058) behind a function URL without sign-in: no data source, but
 * declared here beside the table it writes; `npm start` serves it locally (`functionUrls`), and
 * amplify/functions/unsubscribe/resource.ts deploys it.
 */
export const unsubscribeFunction = {
  name: 'UnsubscribeFunction',
  handler: 'amplify/functions/unsubscribe/handler.ts',
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
} as const;

/**
 * The share card (domain/entities/share.ts): a scored prediction's page and PNG behind a function URL
 * without sign-in. Its address reaches the API as the SHARE_URL variable (Prediction.shareUrl);
 * `npm start` serves it locally (`functionUrls`), and amplify/functions/share-card/resource.ts deploys it.
 */
export const shareCardFunction = {
  name: 'ShareCardFunction',
  handler: 'amplify/functions/share-card/handler.ts',
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
} as const;

/** Resolvers that need no data source: live updates (publishEventUpdate and publishLeagueMessage return their input; onEventUpdate subscribes). */
const NONE = 'NoDataSource';

const fn = (name: string, dataSource = TABLE): PipelineFunction => ({
  name,
  dataSource,
  code: `resolvers/functions/${name}.ts`,
});

const unit = (typeName: string, fieldName: string, dataSource = TABLE): ResolverDeclaration => ({
  typeName,
  fieldName,
  kind: 'UNIT',
  dataSource,
  code: `resolvers/${typeName}.${fieldName}.ts`,
});

const pipeline = (typeName: string, fieldName: string, functions: PipelineFunction[]): ResolverDeclaration => ({
  typeName,
  fieldName,
  kind: 'PIPELINE',
  code: `resolvers/${typeName}.${fieldName}.ts`,
  functions,
});

// Used by several pipelines.
const getEventCard = fn('getEventCard');
const getWindowEvents = fn('getWindowEvents');
const writeSeason = fn('writeSeason');
const getLeague = fn('getLeague');
const getLeagueSeason = fn('getLeagueSeason');
const getMyProfile = fn('getMyProfile');
const getMyStanding = fn('getMyStanding');
const getLeagueMembers = fn('getLeagueMembers');
const getMemberStandings = fn('getMemberStandings');
const placeReminders = fn('placeReminders', remindersSource.name);
const getRowNames = fn('getRowNames');
const getCodeLeague = fn('getCodeLeague');
const checkJoinAttempts = fn('checkJoinAttempts');
/** A commissioner's or member's change to a league: read it with its members and season, then write. */
const leagueChange = (fieldName: string, write: string) =>
  pipeline('Mutation', fieldName, [getLeague, getLeagueSeason, fn(write)]);

export const wiring: ApiWiring = wireApi({
  dataSources: [
    { name: TABLE, kind: 'DYNAMODB', table: pickemTable },
    scoringSource,
    remindersSource,
    { name: NONE, kind: 'NONE' },
  ],
  resolvers: [
    unit('Query', 'events'),
    pipeline('Query', 'upcomingEvents', [
      fn('getUpcomingEvents'),
      fn('getMyEventPicks'),
      fn('getMyNudges'),
      fn('getNudgeMemberships'),
    ]),
    pipeline('Query', 'standings', [fn('getSeasonBoard'), fn('getBoardChunks'), getRowNames]),
    unit('Query', 'seasons'),
    pipeline('Query', 'myLeagues', [fn('getMyMemberships'), fn('getMyLeagues')]),
    pipeline('Query', 'league', [getLeague, getLeagueSeason]),
    pipeline('Query', 'leaguePreview', [
      getCodeLeague,
      checkJoinAttempts,
      getLeague,
      getLeagueSeason,
      fn('getCommissionerName'),
    ]),
    pipeline('League', 'standings', [getLeagueMembers, getMemberStandings]),
    pipeline('League', 'myRank', [getLeagueMembers, getMemberStandings]),
    pipeline('League', 'eventLeaderboard', [getLeagueMembers, getEventCard, fn('getMemberPredictions')]),
    pipeline('League', 'missingPicks', [getLeagueMembers, getEventCard, fn('getMemberPredictions')]),
    pipeline('Query', 'eventCard', [getEventCard, fn('getMyPrediction')]),
    pipeline('Query', 'userProfile', [fn('getProfileStandings'), fn('getSeasonRanks')]),
    pipeline('EventCard', 'leaderboard', [fn('getLeaderboardChunks'), getRowNames]),
    pipeline('UserProfile', 'history', [fn('getHistoryPage'), fn('getHistoryEvents')]),
    pipeline('Mutation', 'createEvent', [fn('writeNewEvent'), placeReminders]),
    pipeline('Mutation', 'updateEvent', [
      fn('getEvent'),
      fn('writeEventUpdate'),
      fn('announceStateChange', scoringSource.name),
      placeReminders,
    ]),
    pipeline('Mutation', 'deleteEvent', [getEventCard, fn('writeEventDeletion'), placeReminders]),
    pipeline('Mutation', 'addMatch', [getEventCard, fn('appendMatch')]),
    pipeline('Mutation', 'updateMatch', [getEventCard, fn('replaceMatch')]),
    pipeline('Mutation', 'removeMatch', [getEventCard, fn('deleteMatch')]),
    pipeline('Mutation', 'reorderCard', [getEventCard, fn('writeCardOrder')]),
    pipeline('Mutation', 'addQuestion', [getEventCard, fn('appendQuestion')]),
    pipeline('Mutation', 'updateQuestion', [getEventCard, fn('replaceQuestion')]),
    pipeline('Mutation', 'removeQuestion', [getEventCard, fn('deleteQuestion')]),
    pipeline('Mutation', 'setQuestionAnswer', [
      getEventCard,
      fn('writeQuestionAnswer'),
      fn('startLiveScoring', scoringSource.name),
    ]),
    pipeline('Mutation', 'setMatchResult', [
      getEventCard,
      fn('writeMatchResult'),
      fn('startLiveScoring', scoringSource.name),
    ]),
    pipeline('Mutation', 'setTieBreakAnswer', [
      getEventCard,
      fn('writeTieBreakAnswer'),
      fn('startLiveScoring', scoringSource.name),
    ]),
    pipeline('Mutation', 'scoreEvent', [
      fn('runScoring', scoringSource.name),
      fn('continueScoring', scoringSource.name),
    ]),
    pipeline('Mutation', 'createSeason', [getWindowEvents, writeSeason]),
    pipeline('Mutation', 'updateSeason', [fn('getSeason'), getWindowEvents, writeSeason]),
    pipeline('Mutation', 'savePrediction', [getEventCard, getMyProfile, fn('checkAnswers'), fn('putPrediction')]),
    pipeline('Mutation', 'updateMyProfile', [
      fn('getMyProfileItems'),
      fn('getMyRecentPredictions'),
      fn('writeDisplayName'),
    ]),
    pipeline('Mutation', 'updateReminders', [getMyProfile, fn('writeReminders')]),
    pipeline('Mutation', 'nudgeLeague', [
      getLeague,
      getLeagueSeason,
      getEventCard,
      fn('getMemberPredictions'),
      fn('writeNudges'),
      fn('sendNudges', remindersSource.name),
    ]),
    unit('League', 'nudgedAt'),
    unit('Mutation', 'dismissNudge'),
    unit('User', 'reminders'),
    pipeline('Mutation', 'createLeague', [getLeagueSeason, getMyStanding, getMyProfile, fn('writeNewLeague')]),
    pipeline('Mutation', 'joinLeague', [
      getCodeLeague,
      checkJoinAttempts,
      getLeague,
      getLeagueSeason,
      getMyStanding,
      getMyProfile,
      fn('writeJoin'),
    ]),
    leagueChange('leaveLeague', 'writeLeave'),
    leagueChange('updateLeague', 'writeLeagueUpdate'),
    leagueChange('rotateLeagueCode', 'writeCodeRotation'),
    leagueChange('removeLeagueMember', 'writeMemberRemoval'),
    leagueChange('transferLeague', 'writeTransfer'),
    leagueChange('unbanLeagueMember', 'writeUnban'),
    leagueChange('deleteLeague', 'writeLeagueDeletion'),
    unit('Mutation', 'publishEventUpdate', NONE),
    unit('Subscription', 'onEventUpdate', NONE),
    // League chat (issue 43).
    unit('League', 'messages'),
    pipeline('Mutation', 'postLeagueMessage', [getLeague, fn('writeLeagueMessage')]),
    pipeline('Mutation', 'deleteLeagueMessage', [getLeague, fn('writeMessageRemoval')]),
    leagueChange('markLeagueRead', 'writeLeagueRead'),
    unit('Subscription', 'onLeagueMessage'),
    unit('Mutation', 'publishLeagueMessage', NONE),
    // The league belt, streaks and awards (issue 43).
    unit('League', 'champion'),
    unit('League', 'lineage'),
    unit('UserProfile', 'streak'),
  ],
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
  limits: {
    // The deepest data field of schema.graphql is at depth 5 (userProfile.history.items.picks.matchId),
    // and the schema has no cycles; the standard introspection query (GraphiQL's, the local explorer's)
    // reaches 15 through its nested ofType, so 16 refuses nothing a client or an explorer sends.
    queryDepth: 16,
    // A screen runs at most 2 resolvers (eventCard + leaderboard, userProfile + history); 20 lets a
    // client batch screens and bounds an alias bomb to 20 resolver runs (at most 3 data-source calls each).
    resolverCount: 20,
    // On: the local explorer and the AppSync console's query editor read the schema through
    // introspection, and the schema is no secret (the client's typed documents carry it).
    introspection: true,
  },
});
