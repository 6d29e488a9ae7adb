/** publishEventUpdate's resolver in the APPSYNC_JS sandbox: compiled, an event snapshot to publish, and a call's context. */
import { compileCode, contextWithDefaults } from 'appsync-local';
import { bundleResolver } from '../../project.ts';
import { DEFAULT_RULES } from '@pickem/domain/rules';

export const publish = compileCode('publishEventUpdate.js', bundleResolver('resolvers/Mutation.publishEventUpdate.ts'));

export const SNAPSHOT_EVENT = {
  id: 'e1',
  name: 'Night',
  date: '2031-01-01',
  startsAt: '2031-01-02T01:00:00.000Z',
  state: 'BROADCAST',
  season: 2031,
  matchCount: 0,
  rules: DEFAULT_RULES,
  tieBreakAnswer: null,
};

/** The context of a publishEventUpdate call with this input. */
export const publishContext = (input: Record<string, unknown>) =>
  contextWithDefaults({
    arguments: { input },
    info: { fieldName: 'publishEventUpdate', parentTypeName: 'Mutation' },
  });
