/**
 * A benchmark league: one scored event (a 10-match card) with N players' predictions and standings,
 * one upcoming event, built through the API where it is cheap (cards, scoring) and with writes of the
 * resolvers' own item builders where N makes the API too slow (predictions, results).
 */
import type { PickItem } from '@pickem/domain/entities/prediction';
import type { RulesItem } from '@pickem/domain/rules';
import { BatchWriteItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { graphqlData, subFor } from 'appsync-local';
import type { Event } from '@pickem/domain/schema-types';
import { MATCH } from '@pickem/domain/entities/match';
import { ENTRY } from '@pickem/domain/entities/entry';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { PROFILE } from '@pickem/domain/entities/profile';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { scoreFinal } from '../scripts/score-final.ts';
import { benchAnswers, type BenchQuestion } from './questions.ts';

export const CARD_SIZE = 10;
export const BENCH_ADMIN = 'bench-admin';
export const benchPlayer = (i: number) => `bench-player-${i}`;

interface Target {
  url: string;
  client: DynamoDBClient;
  tableName: string;
  tokenFor(username: string, groups?: string[]): string;
  app: { settled(): Promise<void> };
}

async function batchWrite(target: Target, items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items
      .slice(i, i + 25)
      .map((item) => ({ PutRequest: { Item: marshall(item, { removeUndefinedValues: true }) } }));
    while (requests.length > 0) {
      const out = await target.client.send(
        new BatchWriteItemCommand({ RequestItems: { [target.tableName]: requests } }),
      );
      requests = (out.UnprocessedItems?.[target.tableName] ?? []) as typeof requests;
    }
  }
}

/**
 * An event of CARD_SIZE matches; with `rules`, every rule on (scripts/demo/rules.ts EVERY_RULE_ON) and every
 * even match a title match held by team 1; then `questions`, added in order.
 */
export async function createCard(
  target: Target,
  admin: string,
  name: string,
  date: string,
  startsAt: string,
  rules: RulesItem | null = null,
  questions: BenchQuestion[] = [],
) {
  const { createEvent } = await graphqlData<{ createEvent: { id: string } }>(
    target.url,
    admin,
    'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }',
    { input: { name, date, startsAt, ...(rules ? { rules } : {}) } },
  );
  const matchIds: string[] = [];
  for (let m = 0; m < CARD_SIZE; m += 1) {
    const { addMatch } = await graphqlData<{ addMatch: { id: string } }>(
      target.url,
      admin,
      'mutation($eventId: ID!, $input: MatchInput!) { addMatch(eventId: $eventId, input: $input) { id } }',
      {
        eventId: createEvent.id,
        input: {
          points: 5 + m,
          ...(rules && m % 2 === 0 ? { championships: ['Bench Title'] } : {}),
          teams: [
            { members: [`Wrestler ${m}A`] },
            { members: [`Wrestler ${m}B`], champion: rules !== null && m % 2 === 0 },
          ],
        },
      },
    );
    matchIds.push(addMatch.id);
  }
  const questionIds: string[] = [];
  for (const question of questions) {
    const { addQuestion } = await graphqlData<{ addQuestion: { id: string } }>(
      target.url,
      admin,
      'mutation($e: ID!, $input: QuestionInput!) { addQuestion(eventId: $e, input: $input) { id } }',
      { e: createEvent.id, input: question.input },
    );
    questionIds.push(addQuestion.id);
  }
  return { eventId: createEvent.id, matchIds, questionIds };
}

/**
 * `players` predictions of an event (with their entries, as savePrediction writes them) and their profiles; player i picks team (i >> m) & 1 of match m,
 * so player 0 picks team 0 everywhere; each answers the questions `questionIds` (bench/questions.ts:
 * player 0 all right). Returns the event.
 */
export async function loadPlayers(
  target: Target,
  admin: string,
  eventId: string,
  matchIds: string[],
  players: number,
  rules = false,
  questionIds: string[] = [],
): Promise<Event> {
  const event = (
    await graphqlData<{ eventCard: { event: Event } }>(
      target.url,
      admin,
      'query($id: ID!) { eventCard(eventId: $id) { event { id name date startsAt state season } } }',
      { id: eventId },
    )
  ).eventCard.event;
  const now = new Date().toISOString();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < players; i += 1) {
    const userId = subFor(benchPlayer(i));
    // Under the rules: player 0 calls every finish (pinfall) with its joker on match 0; the others'
    // jokers sit on the last match, which gets no result in the live run (so player 0 stays on top).
    const picks: PickItem[] = matchIds.map((matchId, m) => ({
      matchId,
      team: (i >> m) & 1,
      ...(rules && i === 0 ? { method: 'PINFALL' as const } : {}),
      ...(rules && m === (i === 0 ? 0 : matchIds.length - 1) ? { joker: true } : {}),
    }));
    const tieBreak = rules ? i % 41 : null;
    const answers = questionIds.length > 0 ? benchAnswers(i, questionIds) : [];
    const prediction = PREDICTION.record(userId, `Player ${i}`, event, picks, now, tieBreak, answers);
    items.push(
      PREDICTION.item(prediction),
      ENTRY.item({
        userId,
        eventId,
        displayName: prediction.displayName,
        picks,
        tieBreak,
        answers: prediction.answers,
        updatedAt: now,
      }),
    );
    items.push(PROFILE.item(userId, `Player ${i}`));
  }
  await batchWrite(target, items);
  return event;
}

/** Builds the league; returns the ids the screens read. */
export async function buildLeague(target: Target, players: number) {
  const admin = target.tokenFor(BENCH_ADMIN, [ADMIN_GROUP]);
  const future = new Date(Date.now() + 3600_000).toISOString();
  // A named season around the scored event, so that it counts in two seasons as a league's would.
  const { createSeason } = await graphqlData<{ createSeason: { id: string } }>(
    target.url,
    admin,
    'mutation($i: CreateSeasonInput!) { createSeason(input: $i) { id } }',
    { i: { name: 'Bench Summer', startDate: '2025-05-01', endDate: '2025-08-31' } },
  );
  const scored = await createCard(target, admin, 'Bench Scored Event', '2025-06-01', future);
  const upcoming = await createCard(target, admin, 'Bench Upcoming Event', '2025-07-01', future);

  const event = await loadPlayers(target, admin, scored.eventId, scored.matchIds, players);

  await graphqlData(target.url, admin, 'mutation($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
    input: { id: scored.eventId, state: 'BROADCAST' },
  });
  // Results straight into the match items: through setMatchResult each would start a live scoring
  // pass over every prediction (bench/live.ts measures those), which would still be running while
  // the screens are measured.
  for (const matchId of scored.matchIds) {
    await target.client.send(
      new UpdateItemCommand({
        TableName: target.tableName,
        Key: marshall(MATCH.key(scored.eventId, matchId)),
        UpdateExpression: 'SET #result = :winner, #outcome = :win',
        ExpressionAttributeNames: { '#result': 'result', '#outcome': 'outcome' },
        ExpressionAttributeValues: marshall({ ':winner': 0, ':win': 'WIN' }),
      }),
    );
  }
  await scoreFinal(
    () =>
      graphqlData(target.url, admin, 'mutation($e: ID!) { scoreEvent(eventId: $e) { finished } }', {
        e: scored.eventId,
      }),
    () => target.app.settled(),
    5,
  );
  return {
    scoredEventId: scored.eventId,
    upcomingEventId: upcoming.eventId,
    season: event.season,
    namedSeasonId: createSeason.id,
  };
}
