/**
 * The resolvers' adapter of the named access patterns (resolvers/lib/query.ts): the exact DynamoDB
 * request each read resolver and pipeline function sends, run bundled in the APPSYNC_JS sandbox.
 */
import { describe, expect, it } from 'vitest';
import { bundleResolver } from '../../project.ts';
import { compileCode, contextWithDefaults } from 'appsync-local';
import { TABLE } from '../../resolvers/lib/entities/table.ts';

const identity = { sub: 'u1', username: 'u1', groups: [], claims: { sub: 'u1' } };
const S = (value: string) => ({ S: value });

/** The request `file`'s request handler returns for this context. */
function requestOf(file: string, context: Record<string, unknown>) {
  const outcome = compileCode(file, bundleResolver(file)).run('request', contextWithDefaults({ identity, ...context }));
  return outcome.kind === 'value' ? outcome.value : outcome;
}

describe('named access patterns as the resolvers request them', () => {
  it('EVENT.list: the GSI partition of all events, newest first, one page of the arguments', () => {
    expect(requestOf('resolvers/Query.events.ts', { arguments: { limit: 5, nextToken: 'next' } })).toEqual({
      operation: 'Query',
      index: TABLE.index,
      query: { expression: '#pk = :pk', expressionNames: { '#pk': TABLE.gsiPk }, expressionValues: { ':pk': S('EVENTS') } },
      scanIndexForward: false,
      limit: 5,
      nextToken: 'next',
    });
  });

  it("PREDICTION.leaderboard: the event's SCORE# range, highest first, the default page", () => {
    const event = { id: 'e1', startsAt: '2020-01-01T00:00:00.000Z', state: 'SCORED' };
    expect(requestOf('resolvers/EventCard.leaderboard.ts', { arguments: {}, source: { event } })).toEqual({
      operation: 'Query',
      index: TABLE.index,
      query: {
        expression: '#pk = :pk AND begins_with(#sk, :prefix)',
        expressionNames: { '#pk': TABLE.gsiPk, '#sk': TABLE.gsiSk },
        expressionValues: { ':pk': S('PREDICTIONS#e1'), ':prefix': S('SCORE#') },
      },
      scanIndexForward: false,
      limit: 20,
    });
  });

  it('STANDING.bySeason, or a ValidationError for a season without a key', () => {
    expect(requestOf('resolvers/Query.standings.ts', { arguments: { season: 2025, limit: 3 } })).toMatchObject({
      index: TABLE.index,
      query: { expression: '#pk = :pk', expressionValues: { ':pk': S('STANDINGS#2025') } },
      scanIndexForward: false,
      limit: 3,
    });
    expect(requestOf('resolvers/Query.standings.ts', { arguments: { season: 99_999 } })).toMatchObject({ kind: 'error', error: { errorType: 'ValidationError' } });
  });

  it('PROFILE.withStandings: the partition from PROFILE on, newest season first', () => {
    expect(requestOf('resolvers/Query.userProfile.ts', { arguments: { userId: 'u2' } })).toEqual({
      operation: 'Query',
      query: {
        expression: '#pk = :pk AND #sk >= :profile',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('USER#u2'), ':profile': S('PROFILE') },
      },
      scanIndexForward: false,
      limit: 101,
      consistentRead: false,
    });
  });

  it("EVENT.card: the event's partition in one page, strongly consistent for a mutation", () => {
    const read = (parentTypeName: string) => requestOf('resolvers/functions/getEventCard.ts', { arguments: { eventId: 'e1' }, info: { parentTypeName } });
    const expected = (consistentRead: boolean) => ({
      operation: 'Query',
      query: { expression: '#pk = :pk', expressionNames: { '#pk': TABLE.pk }, expressionValues: { ':pk': S('EVENT#e1') } },
      limit: 51,
      consistentRead,
    });
    expect(read('Query')).toEqual(expected(false));
    expect(read('Mutation')).toEqual(expected(true));
  });

  it('PREDICTION.history: a page of the history, and the keys alone of the newest for a rename', () => {
    expect(requestOf('resolvers/functions/getHistoryPage.ts', { arguments: { limit: 4 }, source: { user: { id: 'u2' } } })).toEqual({
      operation: 'Query',
      query: {
        expression: '#pk = :pk AND begins_with(#sk, :prefix)',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('USER#u2'), ':prefix': S('PREDICTION#') },
      },
      scanIndexForward: false,
      limit: 4,
    });
    expect(requestOf('resolvers/functions/getMyRecentPredictions.ts', { stash: { standings: [{}, {}] } })).toMatchObject({
      query: { expressionValues: { ':pk': S('USER#u1'), ':prefix': S('PREDICTION#') } },
      projection: { expression: '#keyPk, #keySk', expressionNames: { '#keyPk': TABLE.pk, '#keySk': TABLE.sk } },
      scanIndexForward: false,
      limit: 97,
      consistentRead: true,
    });
  });

  it('PREDICTION.all: the keys of every prediction of the event, in index order, as many as fit the rename', () => {
    const event = { id: 'e1', name: 'Old' };
    expect(requestOf('resolvers/functions/getEventPredictionKeys.ts', { stash: { event, name: 'New' } })).toEqual({
      operation: 'Query',
      index: TABLE.index,
      query: { expression: '#pk = :pk', expressionNames: { '#pk': TABLE.gsiPk }, expressionValues: { ':pk': S('PREDICTIONS#e1') } },
      projection: { expression: '#keyPk, #keySk', expressionNames: { '#keyPk': TABLE.pk, '#keySk': TABLE.sk } },
      limit: 99,
    });
  });
});
