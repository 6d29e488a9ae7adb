import { wireApi, type ApiWiring, type DataSource, type PipelineFunction, type ResolverDeclaration } from '../../appsync/wiring.ts';
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
} as const satisfies DataSource;

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

export const wiring: ApiWiring = wireApi({
  dataSources: [{ name: TABLE, kind: 'DYNAMODB', table: pickemTable }, scoringSource],
  resolvers: [
    unit('Query', 'events'),
    unit('Query', 'standings'),
    pipeline('Query', 'eventCard', [getEventCard, fn('getMyPrediction')]),
    unit('Query', 'userProfile'),
    unit('EventCard', 'leaderboard'),
    unit('UserProfile', 'history'),
    unit('Mutation', 'createEvent'),
    pipeline('Mutation', 'updateEvent', [fn('getEvent'), fn('getEventPredictionKeys'), fn('writeEventUpdate')]),
    pipeline('Mutation', 'addMatch', [getEventCard, fn('appendMatch')]),
    pipeline('Mutation', 'updateMatch', [getEventCard, fn('replaceMatch')]),
    pipeline('Mutation', 'removeMatch', [getEventCard, fn('deleteMatch')]),
    pipeline('Mutation', 'reorderCard', [getEventCard, fn('writeCardOrder')]),
    pipeline('Mutation', 'setMatchResult', [getEventCard, fn('writeMatchResult')]),
    unit('Mutation', 'scoreEvent', scoringSource.name),
    pipeline('Mutation', 'savePrediction', [getEventCard, fn('getMyProfile'), fn('putPrediction')]),
    pipeline('Mutation', 'updateMyProfile', [fn('getMyProfileItems'), fn('getMyRecentPredictions'), fn('writeDisplayName')]),
  ],
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
  limits: {
    // The deepest field of schema.graphql is at depth 5 (userProfile.history.items.picks.matchId); the
    // schema has no cycles, so 8 refuses nothing a client can mean and leaves room for growth.
    queryDepth: 8,
    // A screen runs at most 2 resolvers (eventCard + leaderboard, userProfile + history); 20 lets a
    // client batch screens and bounds an alias bomb to 20 resolver runs (at most 3 data-source calls each).
    resolverCount: 20,
    // Clients use the typed documents generated from schema.graphql; nothing needs to read the schema
    // through the API, and a closed schema gives a prober less.
    introspection: false,
  },
});
