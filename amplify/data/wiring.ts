import type { ApiWiring, PipelineFunction, Resolver } from '../../appsync/wiring.ts';
import { pickemTable } from './table.ts';

/**
 * Which resolver serves which field of schema.graphql. The cloud stack (amplify/data/resource.ts)
 * and the local runtime (scripts/start.ts) both build from this declaration.
 */
const TABLE = 'PickEmTable';
const SCORING = 'ScoringFunction';

const fn = (name: string, dataSource = TABLE): PipelineFunction => ({
  name,
  dataSource,
  code: `resolvers/functions/${name}.ts`,
});

const unit = (typeName: string, fieldName: string, dataSource = TABLE): Resolver => ({
  typeName,
  fieldName,
  kind: 'UNIT',
  dataSource,
  code: `resolvers/${typeName}.${fieldName}.ts`,
});

const pipeline = (typeName: string, fieldName: string, functions: string[], code = `resolvers/${typeName}.${fieldName}.ts`): Resolver => ({
  typeName,
  fieldName,
  kind: 'PIPELINE',
  code,
  functions,
});

export const wiring: ApiWiring = {
  dataSources: [
    { name: TABLE, kind: 'DYNAMODB', table: pickemTable },
    {
      name: SCORING,
      kind: 'LAMBDA',
      handler: 'amplify/functions/score-event/handler.ts',
      environment: { TABLE_NAME: { tableNameOf: TABLE } },
    },
  ],
  functions: [
    fn('getEventCard'),
    fn('getMyPrediction'),
    fn('getEvent'),
    fn('writeEventUpdate'),
    fn('appendMatch'),
    fn('replaceMatch'),
    fn('deleteMatch'),
    fn('writeCardOrder'),
    fn('writeMatchResult'),
    fn('getMyProfile'),
    fn('putPrediction'),
    fn('getMyProfileItems'),
    fn('getMyRecentPredictions'),
    fn('writeDisplayName'),
  ],
  resolvers: [
    unit('Query', 'events'),
    unit('Query', 'standings'),
    pipeline('Query', 'eventCard', ['getEventCard', 'getMyPrediction']),
    unit('Query', 'userProfile'),
    unit('EventCard', 'leaderboard'),
    unit('UserProfile', 'history'),
    unit('Mutation', 'createEvent'),
    pipeline('Mutation', 'updateEvent', ['getEvent', 'writeEventUpdate']),
    pipeline('Mutation', 'addMatch', ['getEventCard', 'appendMatch']),
    pipeline('Mutation', 'updateMatch', ['getEventCard', 'replaceMatch']),
    pipeline('Mutation', 'removeMatch', ['getEventCard', 'deleteMatch']),
    pipeline('Mutation', 'reorderCard', ['getEventCard', 'writeCardOrder']),
    pipeline('Mutation', 'setMatchResult', ['getEventCard', 'writeMatchResult']),
    unit('Mutation', 'scoreEvent', SCORING),
    pipeline('Mutation', 'savePrediction', ['getEventCard', 'getMyProfile', 'putPrediction']),
    pipeline('Mutation', 'updateMyProfile', ['getMyProfileItems', 'getMyRecentPredictions', 'writeDisplayName']),
  ],
  environment: { TABLE_NAME: { tableNameOf: TABLE } },
};
