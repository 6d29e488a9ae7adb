/**
 * Live updates through the local API: publishEventUpdate and onEventUpdate's resolvers in the
 * APPSYNC_JS sandbox, who may call publishEventUpdate, and which EventUpdate the scoring function
 * publishes after each setMatchResult, updateEvent and scoreEvent. The local Lambda data source runs
 * the real handler in-process, and it publishes for real: callApi sends a SigV4-signed
 * publishEventUpdate to the local server, which checks it against the schema and its IAM grant.
 */
import {
  buildSchema,
  getVariableValues,
  isObjectType,
  Kind,
  parse,
  validate,
  type GraphQLObjectType,
  type SelectionSetNode,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleResolver } from '../../project.ts';
import { compileCode, contextWithDefaults } from 'appsync-local';
import { appsyncPrelude } from 'appsync-cloud';
import type { ApiResponse } from 'appsync-cloud/lambda';
import type { EventUpdateInput } from '@pickem/domain/schema-types';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard } from './mutations-fixtures.ts';
import { DEFAULT_RULES } from '@pickem/domain/rules';
import { publish, publishContext, SNAPSHOT_EVENT } from './publish-sandbox.ts';

const calls = vi.hoisted(() => ({
  sent: [] as { query: string; variables: Record<string, unknown>; answer?: ApiResponse }[],
  failNext: 0,
}));

// The real callApi, with a record of what it sent and answered. The one thing put in its way is a
// failure on demand (`failNext`): a refused or lost request (AppSync answering 5xx, a network error)
// cannot be produced on demand by the local server, which otherwise accepts every signed publish.
vi.mock('appsync-cloud/lambda', async (importOriginal) => {
  const real = await importOriginal<typeof import('appsync-cloud/lambda')>();
  return {
    ...real,
    callApi: async (query: string, variables: Record<string, unknown> = {}) => {
      const call: (typeof calls.sent)[number] = { query, variables };
      calls.sent.push(call);
      if (calls.failNext > 0) {
        calls.failNext -= 1;
        throw new Error('AppSync refused the request (HTTP 503): unavailable');
      }
      call.answer = await real.callApi(query, variables);
      return call.answer;
    },
  };
});

const schema = buildSchema(appsyncPrelude + readFileSync('schema.graphql', 'utf8'));
const published = () => calls.sent.map((c) => c.variables.input as EventUpdateInput);
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** Each update's readAt is an ISO time, and they never go back along `updates` (published one after another). */
function expectReadAtInOrder(updates: EventUpdateInput[]): void {
  for (const u of updates) expect(u.readAt).toMatch(ISO_MS);
  const times = updates.map((u) => Date.parse(u.readAt));
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

describe('publishEventUpdate and onEventUpdate in the APPSYNC_JS sandbox', () => {
  const subscribe = compileCode('onEventUpdate.js', bundleResolver('resolvers/Subscription.onEventUpdate.ts'));
  const event = SNAPSHOT_EVENT;

  it('publishEventUpdate returns its input through a NONE data source', () => {
    const input = {
      eventId: 'e1',
      kind: 'LEADERBOARD',
      readAt: new Date().toISOString(),
      event,
      leaderboard: [],
      boardVersion: 1,
    };
    const ctx = publishContext(input);
    const request = publish.run('request', ctx);
    expect(request).toMatchObject({ kind: 'value', value: { payload: input } });
    expect(publish.run('response', { ...ctx, result: input })).toMatchObject({ kind: 'value', value: input });
  });

  it('publishEventUpdate refuses an incoherent update with a ValidationError', () => {
    const bad = [
      { eventId: 'e2', kind: 'STATE', event },
      { eventId: 'e1', kind: 'RESULT', event },
      { eventId: 'e1', kind: 'STATE', event, leaderboard: [] },
      { eventId: 'e1', kind: 'LEADERBOARD', event },
      { eventId: 'e1', kind: 'LEADERBOARD', event, leaderboard: [] },
      { eventId: 'e1', kind: 'LEADERBOARD', event, leaderboard: [], boardVersion: 0 },
      { eventId: 'e1', kind: 'STATE', event, boardVersion: 1 },
      { eventId: '', kind: 'STATE', event },
    ];
    for (const input of bad) {
      const outcome = publish.run('request', contextWithDefaults({ arguments: { input } }));
      expect(outcome.kind, JSON.stringify(input)).toBe('error');
      expect(outcome.error?.errorType).toBe('ValidationError');
    }
  });

  it("onEventUpdate filters on the subscribed event's id and returns null", () => {
    const ctx = contextWithDefaults({
      arguments: { eventId: 'e1' },
      info: { fieldName: 'onEventUpdate', parentTypeName: 'Subscription' },
    });
    expect(subscribe.run('request', ctx)).toMatchObject({ kind: 'value', value: { payload: null } });
    const response = subscribe.run('response', ctx);
    expect(response).toMatchObject({ kind: 'value', value: null });
    expect(response.extensions).toEqual([
      {
        method: 'setSubscriptionFilter',
        payload: { filterGroup: [{ filters: [{ fieldName: 'eventId', operator: 'eq', value: 'e1' }] }] },
      },
    ]);
  });
});

describe('live updates through the local API', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  }, 60_000);

  afterAll(async () => {
    await api.app.settled();
    await api?.close();
  });

  beforeEach(() => {
    calls.sent.length = 0;
    calls.failNext = 0;
  });

  const asAdmin = (query: string, variables: Record<string, unknown>) =>
    api.request(ADMIN, query, variables, ADMIN_GROUPS);
  const EVENT_FIELDS =
    'id name date startsAt state season matchCount tieBreakAnswer rules { joker methodBonus underdogBonus underdogPercent titleChangeBonus perfectCardBonus tieBreakQuestion } cardChanges { matchId position at removed sides before after }';
  const eventNow = async (id: string) =>
    (await api.data('p1', `query($e: ID!) { eventCard(eventId: $e) { event { ${EVENT_FIELDS} } } }`, { e: id }))
      .eventCard.event;
  const setResult = (e: string, m: string, w: number | null, o: string | null = null) =>
    asAdmin(
      'mutation($e: ID!, $m: ID!, $w: Int, $o: MatchOutcome) { setMatchResult(eventId: $e, matchId: $m, winner: $w, outcome: $o) { id } }',
      { e, m, w, o },
    );
  const updateEvent = (i: Record<string, unknown>) =>
    asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id state } }', { i });
  const scoreEvent = (e: string) =>
    asAdmin('mutation($e: ID!) { scoreEvent(eventId: $e) { event { state } predictionsScored } }', { e });

  it('refuses publishEventUpdate to a player and to an admin (IAM only)', async () => {
    const input = {
      eventId: 'x',
      kind: 'STATE',
      readAt: '2031-01-01T00:00:00.000Z',
      event: {
        id: 'x',
        name: 'X',
        date: '2031-01-01',
        startsAt: '2031-01-01T00:00:00Z',
        state: 'UPCOMING',
        season: 2031,
        matchCount: 0,
        rules: DEFAULT_RULES,
        cardChanges: [],
      },
    };
    const mutation = 'mutation($i: EventUpdateInput!) { publishEventUpdate(input: $i) { eventId } }';
    for (const [user, groups] of [
      ['p1', []],
      [ADMIN, ADMIN_GROUPS],
    ] as const) {
      const res = await api.request(user, mutation, { i: input }, [...groups]);
      expect(res.data?.publishEventUpdate ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({
        errorType: 'Unauthorized',
        message: 'Not Authorized to access publishEventUpdate on type Mutation',
      });
    }
  });

  it('sends publishEventUpdate selecting every field of EventUpdate, with variables the schema accepts, and the server takes it', async () => {
    const card = await createCard(api, 1);
    await updateEvent({ id: card.id, state: 'BROADCAST' });
    await api.app.settled();
    expect(calls.sent).toHaveLength(1);
    const { query, variables, answer } = calls.sent[0];
    // The signed request passed the local server's SigV4 and IAM checks, and the mutation returned its input.
    expect(answer?.errors).toBeUndefined();
    expect(answer?.data).toMatchObject({
      publishEventUpdate: { eventId: card.id, kind: 'STATE', event: { id: card.id, state: 'BROADCAST' } },
    });
    const document = parse(query);
    expect(validate(schema, document)).toEqual([]);
    const operation = document.definitions[0];
    if (operation.kind !== Kind.OPERATION_DEFINITION) throw new Error('not an operation');
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    expect(coerced.errors ?? []).toEqual([]);
    const field = operation.selectionSet.selections[0];
    if (field.kind !== Kind.FIELD || !field.selectionSet) throw new Error('no selection');
    expect(field.name.value).toBe('publishEventUpdate');
    expect(missingFields(schema.getType('EventUpdate') as GraphQLObjectType, field.selectionSet)).toEqual([]);
  });

  it('publishes STATE, RESULT and LEADERBOARD updates as the admin runs the show, each as the event is now', async () => {
    const card = await createCard(api, 2);
    const [m1, m2] = card.matches;
    for (const [player, picks] of [
      ['p1', [0, 1]],
      ['p2', [1, 1]],
    ] as const) {
      await api.data(
        player,
        'mutation($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) { userId } }',
        {
          e: card.id,
          p: [
            { matchId: m1, team: picks[0] },
            { matchId: m2, team: picks[1] },
          ],
        },
      );
    }
    const sub = async (p: string) =>
      (await api.data(p, 'query { userProfile { user { id } } }')).userProfile.user.id as string;
    const [p1, p2] = [await sub('p1'), await sub('p2')];

    await updateEvent({ id: card.id, name: 'Renamed Night' });
    await api.app.settled();
    expect(calls.sent, 'a rename announces nothing').toEqual([]);

    expect((await updateEvent({ id: card.id, state: 'BROADCAST' })).errors).toBeUndefined();
    await api.app.settled();
    const live = await eventNow(card.id);
    expect(live).toMatchObject({ state: 'BROADCAST', name: 'Renamed Night' });
    expect(published()).toEqual([
      { eventId: card.id, kind: 'STATE', readAt: expect.stringMatching(ISO_MS), event: live },
    ]);
    const shown = [...published()];

    calls.sent.length = 0;
    expect((await setResult(card.id, m1, 0)).errors).toBeUndefined();
    await api.app.settled();
    const [result, board] = published();
    expect(published()).toHaveLength(2);
    expect(result).toMatchObject({
      eventId: card.id,
      kind: 'RESULT',
      event: live,
      matchId: m1,
      match: { id: m1, eventId: card.id, position: 1, result: 0, outcome: 'WIN' },
    });
    expect(board).toMatchObject({ eventId: card.id, kind: 'LEADERBOARD', event: live });
    expect(board.leaderboard!.map((r) => [r.userId, r.points, r.correct, r.rank])).toEqual([
      [p1, 10, 1, 1],
      [p2, 0, 0, 2],
    ]);
    expect(board.leaderboard![0].picks).toEqual([
      { matchId: m1, team: 0, method: null, joker: false },
      { matchId: m2, team: 1, method: null, joker: false },
    ]);
    shown.push(...published());

    calls.sent.length = 0;
    await setResult(card.id, m2, null, 'DRAW');
    await api.app.settled();
    expect(published().map((u) => u.kind)).toEqual(['RESULT', 'LEADERBOARD']);
    expect(published()[0].match).toMatchObject({ id: m2, position: 2, result: null, outcome: 'DRAW' });
    shown.push(...published());

    calls.sent.length = 0;
    const scored = await scoreEvent(card.id);
    expect(scored.errors).toBeUndefined();
    const final = await eventNow(card.id);
    expect(final.state).toBe('SCORED');
    expect(published().map((u) => [u.kind, u.event.state])).toEqual([
      ['LEADERBOARD', 'SCORED'],
      ['STATE', 'SCORED'],
    ]);
    shown.push(...published());

    // A correction after scoring is announced at once; its scoring waits for the admin's scoreEvent.
    calls.sent.length = 0;
    await setResult(card.id, m1, 1);
    await api.app.settled();
    expect(published()).toEqual([
      expect.objectContaining({ kind: 'RESULT', matchId: m1, match: expect.objectContaining({ result: 1 }) }),
    ]);
    // The steps ran one after another, so each update was read no earlier than the one before it.
    expectReadAtInOrder([...shown, ...published()]);
  });

  it('publishes a LEADERBOARD when the tie-break answer reorders players level on points', async () => {
    const card = await createCard(api, 1);
    const [m1] = card.matches;
    await updateEvent({ id: card.id, rules: { tieBreakQuestion: 'How many minutes does the main event last?' } });
    // The same pick; guesses 30 (p1) and 12 (p2).
    for (const [player, guess] of [
      ['p1', 30],
      ['p2', 12],
    ] as const) {
      await api.data(
        player,
        'mutation($e: ID!, $p: [PickInput!]!, $t: Int) { savePrediction(eventId: $e, picks: $p, tieBreak: $t) { userId } }',
        { e: card.id, p: [{ matchId: m1, team: 0 }], t: guess },
      );
    }
    await updateEvent({ id: card.id, state: 'BROADCAST' });
    await setResult(card.id, m1, 0);
    await api.app.settled();
    const levelBoard = published()
      .filter((u) => u.kind === 'LEADERBOARD')
      .at(-1)!;
    expect(levelBoard.leaderboard!.map((r) => r.rank)).toEqual([1, 1]);

    calls.sent.length = 0;
    const answered = await asAdmin(
      'mutation($e: ID!, $a: Int!) { setTieBreakAnswer(eventId: $e, answer: $a) { id } }',
      {
        e: card.id,
        a: 14,
      },
    );
    expect(answered.errors).toBeUndefined();
    await api.app.settled();
    const boards = published().filter((u) => u.kind === 'LEADERBOARD');
    expect(boards).toHaveLength(1);
    // 12 is 2 from 14, 30 is 16: p2 ranks first now, on the open page as on a reload.
    const p2 = (await api.data('p2', 'query { userProfile { user { id } } }')).userProfile.user.id;
    expect(boards[0].leaderboard!.map((r) => [r.userId, r.rank])).toEqual([
      [p2, 1],
      [expect.any(String), 2],
    ]);
    expect(boards[0].event.tieBreakAnswer).toBe(14);
  });

  it('keeps a scoring result when a publish fails: scoreEvent answers with the report and a PublishFailed error', async () => {
    const card = await createCard(api, 1);
    await updateEvent({ id: card.id, state: 'BROADCAST' });
    await setResult(card.id, card.matches[0], 1);
    await api.app.settled();
    calls.sent.length = 0;
    calls.failNext = 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await scoreEvent(card.id).finally(() => errors.mockRestore());
    expect(res.data?.scoreEvent).toMatchObject({ event: { state: 'SCORED' } });
    expect(res.errors).toEqual([
      expect.objectContaining({ errorType: 'PublishFailed', message: expect.stringContaining('LEADERBOARD') }),
    ]);
    // The STATE update after the failed LEADERBOARD was still sent.
    expect(published().map((u) => u.kind)).toEqual(['LEADERBOARD', 'STATE']);
  });

  it('retries an asynchronous invocation whose publish failed, after its scoring pass', async () => {
    const card = await createCard(api, 1);
    await updateEvent({ id: card.id, state: 'BROADCAST' });
    await api.app.settled();
    calls.sent.length = 0;
    calls.failNext = 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await setResult(card.id, card.matches[0], 0);
      await api.app.settled();
    } finally {
      errors.mockRestore();
    }
    // First run: RESULT refused, LEADERBOARD sent, then a throw; Lambda's retry sends both again.
    expect(published().map((u) => u.kind)).toEqual(['RESULT', 'LEADERBOARD', 'RESULT', 'LEADERBOARD']);
    // The retry's updates were read again, after the first run's: a client keeping the latest readAt keeps them.
    expectReadAtInOrder(published());
  });
});

/** Fields of `type` (and of the object types under it) that `selection` leaves out. */
function missingFields(type: GraphQLObjectType, selection: SelectionSetNode, path = type.name): string[] {
  const missing: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const node = selection.selections.find((s) => s.kind === Kind.FIELD && s.name.value === field.name);
    if (!node || node.kind !== Kind.FIELD) {
      missing.push(`${path}.${field.name}`);
      continue;
    }
    let named = field.type;
    while ('ofType' in named) named = named.ofType;
    if (isObjectType(named)) missing.push(...missingFields(named, node.selectionSet!, `${path}.${field.name}`));
  }
  return missing;
}
