/**
 * The prediction lock, which needs no scheduler: a save is accepted only while the event is UPCOMING
 * and the server clock is before startsAt, checked in the same transaction as the write.
 */
import { GetItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient, subFor } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { ENTRY, shardOf } from '@pickem/domain/entities/entry';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { keyId, TABLE } from '@pickem/domain/entities/table';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { queryInput } from '../../amplify/functions/score-event/query.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, OP, setState, tableSnapshot } from './mutations-fixtures.ts';
import { stateDir } from '../../project.ts';

let api: TestApi;
/** The date createCard gives its events. */
const CARD_DATE = '2030-06-01';

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

interface Attempt {
  player: string;
  team: number;
  sentAt: number;
  accepted: boolean;
  updatedAt?: string;
  errorType?: string | null;
}

async function attempt(player: string, eventId: string, matchId: string, team: number): Promise<Attempt> {
  const sentAt = Date.now();
  const res = await api.request(player, OP.savePrediction, { e: eventId, p: [{ matchId, team }] });
  if (res.data?.savePrediction)
    return { player, team, sentAt, accepted: true, updatedAt: res.data.savePrediction.updatedAt };
  return { player, team, sentAt, accepted: false, errorType: res.errors?.[0].errorType };
}

/**
 * The items stored for one event's predictions, straight from the table: its entries (every shard,
 * strongly consistent, as the scoring function lists them), each checked against the prediction item
 * written in the same transaction. Returns the prediction items.
 */
async function storedPredictions(eventId: string) {
  const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
  const predictions: Record<string, AttributeValue>[] = [];
  for (const shard of ENTRY.shards()) {
    const out = await client.send(
      new QueryCommand({ ...queryInput(api.tableName, ENTRY.shard(eventId, shard)), ConsistentRead: true }),
    );
    for (const entry of out.Items ?? []) {
      expect(shardOf(entry.userId.S as string)).toBe(shard);
      expect(entry.eventId.S).toBe(eventId);
      const key = PREDICTION.key(entry.userId.S as string, CARD_DATE, eventId);
      const { Item } = await client.send(
        new GetItemCommand({ TableName: api.tableName, Key: toAttributes(key), ConsistentRead: true }),
      );
      expect(Item, `the prediction of entry ${entry.userId.S}`).toBeDefined();
      expect(entry.picks).toEqual(Item!.picks);
      expect(entry.updatedAt).toEqual(Item!.updatedAt);
      expect(entry.displayName).toEqual(Item!.displayName);
      predictions.push(Item!);
    }
  }
  client.destroy();
  return predictions;
}

describe('the bell', () => {
  it('accepts saves until startsAt and none after, under a hammering of concurrent saves', async () => {
    const startsAtMs = Date.now() + 4_000;
    const event = await createCard(api, 1, new Date(startsAtMs).toISOString());
    const matchId = event.matches[0];
    const bell = Date.parse(event.startsAt);
    expect(bell).toBe(startsAtMs);

    const players = Array.from({ length: 8 }, (_, i) => `bell-${i}`);
    const attempts: Attempt[] = [];
    // Each player saves in a loop from before the bell to well after it.
    await Promise.all(
      players.map(async (player, p) => {
        let n = 0;
        while (Date.now() < bell + 1_500) {
          attempts.push(await attempt(player, event.id, matchId, (n + p) % 2));
          n += 1;
        }
      }),
    );

    const accepted = attempts.filter((a) => a.accepted);
    const refused = attempts.filter((a) => !a.accepted);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of accepted) expect(Date.parse(a.updatedAt as string)).toBeLessThan(bell);
    for (const a of attempts.filter((x) => x.sentAt >= bell))
      expect(a).toMatchObject({ accepted: false, errorType: 'PredictionsLocked' });
    for (const a of refused) expect(['PredictionsLocked', 'ConcurrentModification']).toContain(a.errorType);

    // What is stored is each player's last accepted save, written before the bell.
    const stored = await storedPredictions(event.id);
    for (const player of players) {
      const mine = stored.filter((item) => item.userId.S === subFor(player));
      const last = accepted.filter((a) => a.player === player).at(-1);
      if (!last) {
        expect(mine).toHaveLength(0);
        continue;
      }
      expect(mine).toHaveLength(1);
      expect(Date.parse(mine[0].updatedAt.S as string)).toBeLessThan(bell);
      expect(mine[0].updatedAt.S).toBe(last.updatedAt);
      expect(mine[0].picks.L?.[0].M?.team.N).toBe(String(last.team));
    }
  });

  it('locks when the event goes to BROADCAST before its start time', async () => {
    const event = await createCard(api, 1);
    expect((await attempt('early', event.id, event.matches[0], 0)).accepted).toBe(true);
    await setState(api, event.id, 'BROADCAST');
    expect(await attempt('early', event.id, event.matches[0], 1)).toMatchObject({
      accepted: false,
      errorType: 'PredictionsLocked',
    });
    const [stored] = await storedPredictions(event.id);
    expect(stored.picks.L?.[0].M?.team.N).toBe('0');
  });

  it('follows a start time moved by updateEvent, both ways', async () => {
    const event = await createCard(api, 1);
    const past = new Date(Date.now() - 1_000).toISOString();
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, startsAt: past } }, ADMIN_GROUPS);
    expect(await attempt('mover', event.id, event.matches[0], 0)).toMatchObject({
      accepted: false,
      errorType: 'PredictionsLocked',
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, startsAt: future } }, ADMIN_GROUPS);
    expect((await attempt('mover', event.id, event.matches[0], 0)).accepted).toBe(true);
  });
});

describe('concurrent saves', () => {
  it('leave one prediction per player when one player saves many times at once', async () => {
    const event = await createCard(api, 3);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt('eager', event.id, event.matches[i % 3], i % 2)),
    );
    const accepted = attempts.filter((a) => a.accepted);
    expect(accepted.length).toBeGreaterThan(0);
    for (const a of attempts.filter((x) => !x.accepted)) expect(a.errorType).toBe('ConcurrentModification');

    const stored = await storedPredictions(event.id);
    expect(stored).toHaveLength(1);
    expect(stored[0].userId.S).toBe(subFor('eager'));
    const { eventCard } = await api.data('eager', OP.eventCard, { e: event.id });
    expect(eventCard.myPrediction.picks).toHaveLength(1);
    expect(accepted.map((a) => a.updatedAt)).toContain(eventCard.myPrediction.updatedAt);
  });

  it('accepts 50 players saving at the same moment, each with a profile', async () => {
    const event = await createCard(api, 5);
    const players = Array.from({ length: 50 }, (_, i) => `crowd-${i}`);
    const results = await Promise.all(
      players.map((player, i) =>
        api.request(player, OP.savePrediction, {
          e: event.id,
          p: event.matches.map((matchId, m) => ({ matchId, team: (i + m) % 2 })),
        }),
      ),
    );
    const refused = results.filter((r) => r.errors);
    expect(refused.map((r) => r.errors?.[0])).toEqual([]);

    const stored = await storedPredictions(event.id);
    expect(stored).toHaveLength(50);
    expect(new Set(stored.map((item) => item.userId.S))).toEqual(new Set(players.map(subFor)));
    expect(stored.some((item) => TABLE.gsiPk in item || TABLE.gsiSk in item)).toBe(false);

    const { userProfile } = await api.data('crowd-7', OP.userProfile);
    expect(userProfile.user).toEqual({
      id: subFor('crowd-7'),
      displayName: results[7].data?.savePrediction.displayName,
    });
  });
});

describe('what a save writes', () => {
  type Stored = Record<string, AttributeValue>;
  const keyOfItem = (item: Stored) => `${item[TABLE.pk].S}|${item[TABLE.sk].S}`;
  /** The items added and the items changed between two snapshots, by key. */
  function written(before: Stored[], after: Stored[]) {
    const old = new Map(before.map((item) => [keyOfItem(item), JSON.stringify(item)]));
    return {
      added: after
        .filter((item) => !old.has(keyOfItem(item)))
        .map(keyOfItem)
        .sort(),
      changed: after
        .filter((item) => old.has(keyOfItem(item)) && old.get(keyOfItem(item)) !== JSON.stringify(item))
        .map(keyOfItem)
        .sort(),
      removed: before.filter((item) => !after.some((a) => keyOfItem(a) === keyOfItem(item))).map(keyOfItem),
    };
  }
  const snapshot = async (): Promise<Stored[]> => JSON.parse(await tableSnapshot(api));

  it('writes exactly the prediction, its entry and the profile; a re-save replaces the first two; a refusal writes nothing', async () => {
    const event = await createCard(api, 2);
    const user = subFor('exact-writer');
    const prediction = PREDICTION.key(user, CARD_DATE, event.id);
    const entry = ENTRY.key(event.id, user);
    const picks = (team: number) => event.matches.map((matchId) => ({ matchId, team }));

    const before = await snapshot();
    await api.data('exact-writer', OP.savePrediction, { e: event.id, p: picks(0) });
    const first = await snapshot();
    expect(written(before, first)).toEqual({
      added: [keyId(entry), keyId(prediction), `USER#${user}|PROFILE`].sort(),
      changed: [],
      removed: [],
    });

    await api.data('exact-writer', OP.savePrediction, { e: event.id, p: picks(1) });
    const second = await snapshot();
    expect(written(first, second)).toEqual({
      added: [],
      changed: [keyId(entry), keyId(prediction)].sort(),
      removed: [],
    });

    const unknownMatch = await api.request('exact-writer', OP.savePrediction, {
      e: event.id,
      p: [{ matchId: 'no-such-match', team: 0 }],
    });
    expect(unknownMatch.errors?.[0].errorType).toBe('NotFound');
    const badTeam = await api.request('exact-newcomer', OP.savePrediction, {
      e: event.id,
      p: [{ matchId: event.matches[0], team: 2 }],
    });
    expect(badTeam.errors?.[0].errorType).toBe('ValidationError');
    expect(written(second, await snapshot())).toEqual({ added: [], changed: [], removed: [] });

    await setState(api, event.id, 'BROADCAST');
    const locked = await snapshot();
    const late = await api.request('exact-late', OP.savePrediction, { e: event.id, p: picks(0) });
    expect(late.errors?.[0].errorType).toBe('PredictionsLocked');
    expect(written(locked, await snapshot())).toEqual({ added: [], changed: [], removed: [] });
  });
});
