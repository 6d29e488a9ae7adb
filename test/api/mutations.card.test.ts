/** The admin write path and profile renames, when the input is good: what is stored and returned. */
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { MATCH } from '@pickem/domain/entities/match';
import { queryInput } from '../../amplify/functions/score-event/query.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, inOneHour, matchInput, OP, setState } from './mutations-fixtures.ts';
import { stateDir } from '../../project.ts';

let api: TestApi;
const asAdmin = (op: keyof typeof OP, vars: Record<string, unknown>) => api.data(ADMIN, OP[op], vars, ADMIN_GROUPS);
const card = async (eventId: string) => (await api.data(ADMIN, OP.eventCard, { e: eventId }, ADMIN_GROUPS)).eventCard;

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('createEvent', () => {
  it('derives the id from date and name, trims the name and normalises startsAt to UTC', async () => {
    const { createEvent } = await asAdmin('createEvent', {
      i: { name: '  WrestleMania 40: Night #1!!  ', date: '2030-04-06', startsAt: '2030-04-06T19:00:00-04:00' },
    });
    expect(createEvent).toEqual({
      id: '2030-04-06-wrestlemania-40-night-1',
      name: 'WrestleMania 40: Night #1!!',
      date: '2030-04-06',
      startsAt: '2030-04-06T23:00:00.000Z',
      state: 'UPCOMING',
      season: 2030,
      matchCount: 0,
    });
    // Listed as an admin: its card is empty, and a player's list leaves such an event out.
    const { events } = await api.data(ADMIN, 'query { events { items { id startsAt } } }', {}, ADMIN_GROUPS);
    expect(events.items).toContainEqual({ id: createEvent.id, startsAt: '2030-04-06T23:00:00.000Z' });
  });

  it('refuses the very same event twice', async () => {
    const input = { i: { name: 'Twice', date: '2030-04-07', startsAt: '2030-04-07T18:00:00Z' } };
    await asAdmin('createEvent', input);
    const res = await api.request(ADMIN, OP.createEvent, input, ADMIN_GROUPS);
    expect(res.errors?.[0].errorType).toBe('ConflictError');
  });
});

describe('card edits', () => {
  it('appends matches with trimmed names and defaults, in card order', async () => {
    const event = await createCard(api, 2);
    const { addMatch } = await asAdmin('addMatch', {
      e: event.id,
      i: {
        name: '  Main Event ',
        points: 1000,
        preshow: true,
        championships: [' World Title '],
        teams: [
          { name: ' The Champs ', members: [' A ', 'B'], champion: true },
          { members: ['C'] },
          { name: '  ', members: ['D'] },
        ],
      },
    });
    expect(addMatch).toEqual({
      id: expect.any(String),
      eventId: event.id,
      position: 3,
      name: 'Main Event',
      points: 1000,
      preshow: true,
      championships: ['World Title'],
      teams: [
        { name: 'The Champs', members: ['A', 'B'], champion: true },
        { name: null, members: ['C'], champion: false },
        { name: null, members: ['D'], champion: false },
      ],
      result: null,
    });
    const after = await card(event.id);
    expect(after.matches.map((m: { id: string }) => m.id)).toEqual([...event.matches, addMatch.id]);
    expect(after.event.matchCount).toBe(3);
  });

  it('replaces a match in place, removes one and renumbers, and reorders', async () => {
    const event = await createCard(api, 4);
    const [a, b, c, d] = event.matches;
    const { updateMatch } = await asAdmin('updateMatch', { e: event.id, m: b, i: { ...matchInput(7, 4), points: 3 } });
    expect(updateMatch).toMatchObject({ id: b, position: 2, name: 'Match 7', points: 3, preshow: false });
    expect(updateMatch.teams).toHaveLength(4);

    const { removeMatch } = await asAdmin('removeMatch', { e: event.id, m: c });
    expect(removeMatch).toMatchObject({ id: c, position: 3 });
    let now = await card(event.id);
    expect(now.matches.map((m: { id: string; position: number }) => [m.id, m.position])).toEqual([
      [a, 1],
      [b, 2],
      [d, 3],
    ]);
    expect(now.event.matchCount).toBe(3);

    const { reorderCard } = await asAdmin('reorderCard', { e: event.id, m: [d, a, b] });
    expect(reorderCard.map((m: { id: string; position: number }) => [m.id, m.position])).toEqual([
      [d, 1],
      [a, 2],
      [b, 3],
    ]);
    now = await card(event.id);
    expect(now.matches.map((m: { id: string }) => m.id)).toEqual([d, a, b]);
    expect(now.matches[2].points).toBe(3);
  });

  it('still reorders a locked card', async () => {
    const event = await createCard(api, 2);
    await setState(api, event.id, 'BROADCAST');
    const { reorderCard } = await asAdmin('reorderCard', { e: event.id, m: [...event.matches].reverse() });
    expect(reorderCard.map((m: { id: string }) => m.id)).toEqual([...event.matches].reverse());
  });

  it('never overfills a card under 60 concurrent additions, nor leaves a stray match', async () => {
    const event = await createCard(api, 0);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        api.request(ADMIN, OP.addMatch, { e: event.id, i: matchInput(n) }, ADMIN_GROUPS),
      ),
    );
    const added = results.filter((r) => r.data?.addMatch).map((r) => r.data?.addMatch.id);
    const refused = results.filter((r) => r.errors).map((r) => r.errors?.[0].errorType);
    expect(refused.every((t) => t === 'CardFull' || t === 'ConcurrentModification')).toBe(true);
    // Every addition that did not collide with another either fits or finds the card full.
    const collided = refused.filter((t) => t === 'ConcurrentModification').length;
    expect(added).toHaveLength(Math.min(50, 60 - collided));
    expect(refused.filter((t) => t === 'CardFull').length).toBe(60 - collided - added.length);

    const now = await card(event.id);
    expect(now.event.matchCount).toBe(added.length);
    expect(new Set(now.matches.map((m: { id: string }) => m.id))).toEqual(new Set(added));
    const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
    const stored = await client.send(new QueryCommand(queryInput(api.tableName, MATCH.card(event.id))));
    client.destroy();
    expect(stored.Items).toHaveLength(added.length);
  });
});

describe('event lifecycle and results', () => {
  it('renames, moves the start and broadcasts, then sets and clears results', async () => {
    const event = await createCard(api, 2);
    const { updateEvent } = await asAdmin('updateEvent', {
      i: { id: event.id, name: ' Renamed ', startsAt: '2030-06-01T20:00:00+02:00' },
    });
    expect(updateEvent).toMatchObject({
      id: event.id,
      name: 'Renamed',
      startsAt: '2030-06-01T18:00:00.000Z',
      state: 'UPCOMING',
    });

    const broadcast = await asAdmin('updateEvent', { i: { id: event.id, state: 'BROADCAST' } });
    expect(broadcast.updateEvent).toMatchObject({ name: 'Renamed', state: 'BROADCAST', matchCount: 2 });

    const [m0] = event.matches;
    const set = await asAdmin('setMatchResult', { e: event.id, m: m0, w: 1 });
    expect(set.setMatchResult).toMatchObject({ id: m0, position: 1, result: 1 });
    expect((await card(event.id)).matches[0].result).toBe(1);
    const cleared = await asAdmin('setMatchResult', { e: event.id, m: m0, w: null });
    expect(cleared.setMatchResult.result).toBeNull();
    expect((await card(event.id)).matches[0].result).toBeNull();
  });

  it('lets results change after scoring, for a re-score', async () => {
    const event = await createCard(api, 1);
    await setState(api, event.id, 'BROADCAST');
    await asAdmin('setMatchResult', { e: event.id, m: event.matches[0], w: 0 });
    const { scoreEvent } = await asAdmin('scoreEvent', { e: event.id });
    expect(scoreEvent.event).toEqual({ id: event.id, state: 'SCORED' });
    const { setMatchResult } = await asAdmin('setMatchResult', { e: event.id, m: event.matches[0], w: 1 });
    expect(setMatchResult.result).toBe(1);
  });
});

describe('savePrediction and updateMyProfile', () => {
  it('stores the picks with the event and a default display name, then replaces them', async () => {
    const event = await createCard(api, 3);
    const first = await api.data('fan', OP.savePrediction, {
      e: event.id,
      p: [{ matchId: event.matches[2], team: 1 }],
    });
    expect(first.savePrediction).toMatchObject({
      eventId: event.id,
      eventDate: '2030-06-01',
      picks: [{ matchId: event.matches[2], team: 1 }],
      points: null,
      correct: null,
      rank: null,
    });
    expect(first.savePrediction.displayName.length).toBeGreaterThan(0);
    const second = await api.data('fan', OP.savePrediction, {
      e: event.id,
      p: event.matches.map((matchId) => ({ matchId, team: 0 })),
    });
    expect(second.savePrediction.picks).toHaveLength(3);
    const { eventCard } = await api.data('fan', OP.eventCard, { e: event.id });
    expect(eventCard.myPrediction.picks).toEqual(event.matches.map((matchId) => ({ matchId, team: 0 })));
  });

  it('renames the player on the profile, on every season standing and on the boards built before it', async () => {
    const events: string[] = [];
    for (const [date, name] of [
      ['2028-05-05', 'Old Season'],
      ['2029-05-05', 'New Season'],
    ]) {
      const { createEvent } = await asAdmin('createEvent', { i: { name, date, startsAt: inOneHour() } });
      const { addMatch } = await asAdmin('addMatch', { e: createEvent.id, i: matchInput(1) });
      await api.data('renamer', OP.savePrediction, { e: createEvent.id, p: [{ matchId: addMatch.id, team: 0 }] });
      await setState(api, createEvent.id, 'BROADCAST');
      await asAdmin('setMatchResult', { e: createEvent.id, m: addMatch.id, w: 0 });
      await asAdmin('scoreEvent', { e: createEvent.id });
      events.push(createEvent.id);
    }
    const { updateMyProfile } = await api.data('renamer', OP.updateMyProfile, { n: '  The Renamer  ' });
    expect(updateMyProfile.displayName).toBe('The Renamer');
    const { userProfile } = await api.data('renamer', OP.userProfile);
    expect(userProfile.user.displayName).toBe('The Renamer');
    expect(
      userProfile.standings.map((s: { season: number; displayName: string }) => [s.season, s.displayName]),
    ).toEqual([
      [2029, 'The Renamer'],
      [2028, 'The Renamer'],
    ]);
    // A board's rows keep the name they were built with, and a board page reads its players' names now:
    // the new one shows at once, and stays after a re-score (which reads the profiles).
    const leaderboard = async () =>
      (
        await api.data(
          'x',
          'query($e: ID!) { eventCard(eventId: $e) { leaderboard { items { userId displayName } } } }',
          { e: events[0] },
        )
      ).eventCard.leaderboard.items;
    expect(await leaderboard()).toEqual([{ userId: updateMyProfile.id, displayName: 'The Renamer' }]);
    await asAdmin('scoreEvent', { e: events[0] });
    expect(await leaderboard()).toEqual([{ userId: updateMyProfile.id, displayName: 'The Renamer' }]);
  });
});
