/**
 * Console admins through IAM, on the local API: a request SigV4-signed as the local console-admin
 * principal (granted the admin fields, as the cloud policy is) runs a show from an empty card to a
 * scored event; the same requests signed as the scoring function's principal, or with a player's
 * Cognito token, are refused; the console admin is refused what players do, publishEventUpdate and
 * publishLeagueMessage.
 * The resolvers themselves tell the callers apart too (evaluated on their bundled code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleResolver } from '../../project.ts';
import { evaluateCode } from 'appsync-local';
import { signedGraphql, type Credentials } from 'appsync-local/testing';
import { consoleAdmin } from '../../amplify/data/console-admin.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { createCard, inOneHour, matchInput, OP, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;
let admin: Credentials;

beforeAll(async () => {
  api = await startTestApi({ iamGrants: [consoleAdmin] });
  const [issued] = api.app.groupPrincipals;
  expect(issued.grant).toBe(consoleAdmin);
  admin = issued.principal;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const asAdmin = (query: string, variables: Record<string, unknown> = {}) =>
  signedGraphql(api.app.url, admin, query, variables);

async function adminData(query: string, variables: Record<string, unknown>) {
  const answer = await asAdmin(query, variables);
  expect(answer.errors).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.data;
}

/** The credentials the scoring function runs with: its in-process environment after a call (DynamoDB Local's key, its own session token). */
function scoringFunctionCredentials(): Credentials {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = process.env;
  expect(AWS_SESSION_TOKEN).toBeTruthy();
  return { accessKeyId: AWS_ACCESS_KEY_ID!, secretAccessKey: AWS_SECRET_ACCESS_KEY!, sessionToken: AWS_SESSION_TOKEN };
}

const newEvent = () => ({
  i: { name: `Console Show ${Math.random().toString(36).slice(2, 8)}`, date: '2032-02-02', startsAt: inOneHour() },
});

describe('the console admin (AWS_IAM, signed with its local credentials)', () => {
  let eventId: string;

  it('runs a show: creates the event, builds its card, enters the results and scores it', async () => {
    const { createEvent } = await adminData(OP.createEvent, newEvent());
    eventId = createEvent.id;
    expect(createEvent.state).toBe('UPCOMING');
    const matches: string[] = [];
    for (const n of [1, 2, 3])
      matches.push((await adminData(OP.addMatch, { e: eventId, i: matchInput(n) })).addMatch.id);
    await adminData(OP.updateMatch, { e: eventId, m: matches[0], i: matchInput(1, 3) });
    await adminData(OP.removeMatch, { e: eventId, m: matches[2] });
    const { reorderCard } = await adminData(OP.reorderCard, { e: eventId, m: [matches[1], matches[0]] });
    expect(reorderCard.map((m: { id: string }) => m.id)).toEqual([matches[1], matches[0]]);

    // A player predicts, with a Cognito token, before the bell.
    await api.data('console-fan', OP.savePrediction, {
      e: eventId,
      p: [
        { matchId: matches[0], team: 2 },
        { matchId: matches[1], team: 0 },
      ],
    });

    expect((await adminData(OP.updateEvent, { i: { id: eventId, state: 'BROADCAST' } })).updateEvent.state).toBe(
      'BROADCAST',
    );
    await adminData(OP.setMatchResult, { e: eventId, m: matches[0], w: 2 });
    await adminData(OP.setMatchResult, { e: eventId, m: matches[1], w: 1 });
    const { scoreEvent } = await adminData(OP.scoreEvent, { e: eventId });
    expect(scoreEvent).toMatchObject({ event: { id: eventId, state: 'SCORED' }, predictionsScored: 1 });
    const { standings } = await api.data(
      'console-fan',
      '{ standings(season: 2032) { items { displayName points correct } } }',
    );
    expect(standings.items).toEqual([{ displayName: 'console-fan', points: 10, correct: 1 }]);

    const { eventCard } = await api.data('console-fan', OP.eventCard, { e: eventId });
    expect(eventCard.event.state).toBe('SCORED');
    expect(eventCard.matches.map((m: { result: number }) => m.result)).toEqual([1, 2]);
  });

  it('is refused savePrediction (a player action) and nothing is written', async () => {
    const card = await createCard(api, 1);
    const before = await tableSnapshot(api);
    const answer = await asAdmin(OP.savePrediction, { e: card.id, p: [{ matchId: card.matches[0], team: 0 }] });
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0].errorType).toMatch(/^Unauthorized(Exception)?$/);
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('is refused updateMyProfile, publishEventUpdate and publishLeagueMessage (outside its grant)', async () => {
    for (const query of [
      OP.updateMyProfile,
      'mutation { publishEventUpdate(input: { eventId: "x", kind: STATE, readAt: "2030-01-01T00:00:00Z", event: { id: "x", name: "x", date: "2030-01-01", startsAt: "2030-01-01T00:00:00Z", state: UPCOMING, season: 2030, matchCount: 0, rules: { joker: false, methodBonus: 0, underdogBonus: 0, underdogPercent: 30, titleChangeBonus: 0, perfectCardBonus: 0 }, cardChanges: [] } }) { eventId } }',
      'mutation { publishLeagueMessage(input: { id: "1-x", leagueId: "x", userId: "SYSTEM", displayName: "x", text: "x", createdAt: "2030-01-01T00:00:00Z", kind: SYSTEM, removed: false }) { id } }',
    ]) {
      const answer = await asAdmin(query, { n: 'Console' });
      expect(answer.status).toBe(401);
      expect(answer.errors).toEqual([{ errorType: 'UnauthorizedException', message: 'Permission denied' }]);
    }
  });
});

describe('the same requests by anyone else', () => {
  it("signed as the scoring function's principal: HTTP 401 Permission denied, nothing written", async () => {
    const card = await createCard(api, 1);
    // Runs the scoring function (synchronously; it answers that the UPCOMING event cannot be scored).
    await api.request('admin-1', OP.scoreEvent, { e: card.id }, ['admin']);
    const scoring = scoringFunctionCredentials();
    const before = await tableSnapshot(api);
    for (const [query, variables] of [
      [OP.createEvent, newEvent()],
      [OP.addMatch, { e: card.id, i: matchInput(7) }],
      [OP.setMatchResult, { e: card.id, m: card.matches[0], w: 0 }],
      [OP.scoreEvent, { e: card.id }],
    ] as const) {
      const answer = await signedGraphql(api.app.url, scoring, query, variables);
      expect(answer.status).toBe(401);
      expect(answer.errors).toEqual([{ errorType: 'UnauthorizedException', message: 'Permission denied' }]);
    }
    expect(await tableSnapshot(api)).toBe(before);
  });

  it("with a player's Cognito token: Unauthorized, as before", async () => {
    const before = await tableSnapshot(api);
    const answer = await api.request('player-9', OP.createEvent, newEvent());
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', path: ['createEvent'] });
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('the resolvers tell an IAM caller from a Cognito user (AppSync identity shapes)', () => {
  const iam = (cognitoIdentityPoolId: string | null) => ({
    accountId: '123456789012',
    cognitoIdentityAuthProvider: null,
    cognitoIdentityAuthType: cognitoIdentityPoolId ? 'authenticated' : null,
    cognitoIdentityId: cognitoIdentityPoolId ? 'us-east-1:0000' : null,
    cognitoIdentityPoolId,
    sourceIp: ['203.0.113.9'],
    userArn: 'arn:aws:sts::123456789012:assumed-role/ShowRunner/ana',
    username: 'AROAEXAMPLE:ana',
  });
  const run = (resolver: string, identity: unknown, args: Record<string, unknown>) =>
    evaluateCode({
      code: bundleResolver(`resolvers/${resolver}.ts`),
      context: { arguments: args, identity },
      function: 'request',
    });
  const createArgs = { input: { name: 'Evaluated Show', date: '2032-03-03', startsAt: '2032-03-03T20:00:00Z' } };

  it('an admin mutation accepts an IAM principal of the account', () => {
    const out = run('Mutation.createEvent', iam(null), createArgs);
    expect(out.error).toBeUndefined();
    // The pipeline's request builds the event for its first function (writeNewEvent) to write.
    expect(JSON.parse(out.stash).event).toMatchObject({ name: 'Evaluated Show', state: 'UPCOMING' });
  });

  it('an admin mutation refuses an IAM caller from a Cognito identity pool (an app user)', () => {
    expect(run('Mutation.createEvent', iam('us-east-1:pool'), createArgs).error?.message).toBe('Unauthorized');
  });

  it('a player mutation refuses every IAM caller', () => {
    const out = run('Mutation.savePrediction', iam(null), { eventId: 'e', picks: [] });
    expect(out.error?.message).toBe('Unauthorized');
  });
});
