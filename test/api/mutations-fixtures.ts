/** Operations and helpers shared by the mutation tests (test/api/mutations.*.test.ts). */
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import type { TestApi } from '../support/local-api.ts';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { TABLE } from '@pickem/domain/entities/table';
import { stateDir } from '../../project.ts';

export const ADMIN = 'admin-1';
export const ADMIN_GROUPS = [ADMIN_GROUP];

const MATCH_FIELDS = 'id eventId position name points preshow championships teams { name members champion } result';
const EVENT_FIELDS = 'id name date startsAt state season matchCount';

export const OP = {
  createEvent: `mutation($i: CreateEventInput!) { createEvent(input: $i) { ${EVENT_FIELDS} } }`,
  updateEvent: `mutation($i: UpdateEventInput!) { updateEvent(input: $i) { ${EVENT_FIELDS} } }`,
  addMatch: `mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { ${MATCH_FIELDS} } }`,
  updateMatch: `mutation($e: ID!, $m: ID!, $i: MatchInput!) { updateMatch(eventId: $e, matchId: $m, input: $i) { ${MATCH_FIELDS} } }`,
  removeMatch: `mutation($e: ID!, $m: ID!) { removeMatch(eventId: $e, matchId: $m) { ${MATCH_FIELDS} } }`,
  reorderCard: `mutation($e: ID!, $m: [ID!]!) { reorderCard(eventId: $e, matchIds: $m) { ${MATCH_FIELDS} } }`,
  setMatchResult: `mutation($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w) { ${MATCH_FIELDS} } }`,
  scoreEvent: `mutation($e: ID!) { scoreEvent(eventId: $e) { event { id state } predictionsScored standingsUpdated } }`,
  savePrediction: `mutation($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) {
    userId displayName eventId eventName eventDate picks { matchId team } points correct rank updatedAt } }`,
  updateMyProfile: `mutation($n: String!) { updateMyProfile(displayName: $n) { id displayName } }`,
  eventCard: `query($e: ID!) { eventCard(eventId: $e) {
    event { ${EVENT_FIELDS} } matches { ${MATCH_FIELDS} } myPrediction { userId displayName picks { matchId team } updatedAt } } }`,
  userProfile: `query { userProfile { user { id displayName } standings { season displayName points } } }`,
};

/** A well-formed match input with `teams` single-member teams. */
export function matchInput(n: number, teams = 2) {
  return {
    name: `Match ${n}`,
    points: 10,
    teams: Array.from({ length: teams }, (_, t) => ({ members: [`Wrestler ${n}-${t}`] })),
  };
}

export function inOneHour(): string {
  return new Date(Date.now() + 3600_000).toISOString();
}

let eventCounter = 0;

/** An UPCOMING event (unique name) with `matches` two-team matches; returns its id and match ids. */
export async function createCard(api: TestApi, matches: number, startsAt = inOneHour(), date = '2030-06-01') {
  eventCounter += 1;
  const name = `Test Event ${eventCounter} ${Math.random().toString(36).slice(2, 8)}`;
  const { createEvent } = await api.data(ADMIN, OP.createEvent, { i: { name, date, startsAt } }, ADMIN_GROUPS);
  const ids: string[] = [];
  for (let n = 1; n <= matches; n += 1) {
    const { addMatch } = await api.data(ADMIN, OP.addMatch, { e: createEvent.id, i: matchInput(n) }, ADMIN_GROUPS);
    ids.push(addMatch.id);
  }
  return { id: createEvent.id as string, matches: ids, startsAt: createEvent.startsAt as string };
}

export async function setState(api: TestApi, eventId: string, state: string) {
  await api.data(ADMIN, OP.updateEvent, { i: { id: eventId, state } }, ADMIN_GROUPS);
}

/**
 * Every item of the table, in key order, as JSON: equal snapshots mean nothing was written. Taken once
 * the scoring function's asynchronous runs are done (an event going BROADCAST starts a live pass).
 */
export async function tableSnapshot(api: TestApi, skipPkPrefix?: string): Promise<string> {
  await api.app.settled();
  const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: api.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(
      ...(page.Items ?? []).filter((i) => skipPkPrefix === undefined || !i[TABLE.pk].S?.startsWith(skipPkPrefix)),
    );
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  const key = (i: Record<string, AttributeValue>) => `${i[TABLE.pk].S}\u0000${i[TABLE.sk].S}`;
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return JSON.stringify(items);
}
