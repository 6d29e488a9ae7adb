/**
 * Loads the demo season through the API's own mutations, as an admin and as each player would:
 * create the cards, save predictions before the bell, enter results and score.
 */
import type { AnswerInput, FinishMethod, PickInput } from '@pickem/domain/schema-types';
import { graphqlData } from 'appsync-local';
import { scoreFinal } from '../score-final.ts';
import { demoEvents, demoPlayers, type DemoEvent } from './cards.ts';
import { demoChat, demoLeagues, demoSeasons } from './leagues.ts';
import { answerVariables, demoAnswers } from './questions.ts';
import { ADMIN_GROUP } from '@pickem/domain/groups';

export interface DemoTarget {
  url: string;
  tokenFor(username: string, groups?: string[]): string;
  /** Resolves once the runtime's asynchronous Lambda invocations (the live passes) have finished. */
  settled(): Promise<void>;
}

export const DEMO_ADMIN = 'admin';
export const demoUsername = (index: number) => `player${String(index + 1).padStart(2, '0')}`;

/** A small deterministic PRNG (mulberry32), so every load produces the same season. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

function schedule(event: DemoEvent): { date: string; startsAt: string } {
  if ('date' in event.when) return event.when;
  const day = new Date(Date.now() + event.when.daysFromNow * DAY);
  day.setUTCHours(event.when.hourUtc, 0, 0, 0);
  // An event broadcasting today started an hour ago, whatever the time now.
  const startsAt = event.state === 'UPCOMING' ? day : new Date(Date.now() - HOUR);
  return { date: startsAt.toISOString().slice(0, 10), startsAt: startsAt.toISOString() };
}

const CREATE_EVENT = `mutation CreateEvent($input: CreateEventInput!) { createEvent(input: $input) { id } }`;
const UPDATE_EVENT = `mutation UpdateEvent($input: UpdateEventInput!) { updateEvent(input: $input) { id state } }`;
const ADD_MATCH = `mutation AddMatch($eventId: ID!, $input: MatchInput!) { addMatch(eventId: $eventId, input: $input) { id } }`;
const SET_RESULT = `mutation SetResult($eventId: ID!, $matchId: ID!, $winner: Int, $outcome: MatchOutcome, $method: FinishMethod) {
  setMatchResult(eventId: $eventId, matchId: $matchId, winner: $winner, outcome: $outcome, method: $method) { id result outcome } }`;
const ANSWER = `mutation Answer($eventId: ID!, $answer: Int!) { setTieBreakAnswer(eventId: $eventId, answer: $answer) { id } }`;
const SCORE = `mutation Score($eventId: ID!) { scoreEvent(eventId: $eventId) { predictionsScored standingsUpdated finished } }`;
const SAVE = `mutation Save($eventId: ID!, $picks: [PickInput!]!, $tieBreak: Int, $answers: [AnswerInput!]) {
  savePrediction(eventId: $eventId, picks: $picks, tieBreak: $tieBreak, answers: $answers) { updatedAt } }`;
const ADD_QUESTION = `mutation AddQuestion($eventId: ID!, $input: QuestionInput!) { addQuestion(eventId: $eventId, input: $input) { id } }`;
const SET_ANSWER = `mutation SetAnswer($eventId: ID!, $questionId: ID!, $options: [Int!], $number: Int) {
  setQuestionAnswer(eventId: $eventId, questionId: $questionId, options: $options, number: $number) { id } }`;
const METHODS: FinishMethod[] = ['PINFALL', 'PINFALL', 'PINFALL', 'SUBMISSION', 'KNOCKOUT', 'DISQUALIFICATION'];
const PROFILE = `mutation Profile($displayName: String!) { updateMyProfile(displayName: $displayName) { id } }`;
const CREATE_SEASON = `mutation CreateSeason($input: CreateSeasonInput!) { createSeason(input: $input) { id } }`;
const CREATE_LEAGUE = `mutation CreateLeague($input: CreateLeagueInput!) { createLeague(input: $input) { id inviteCode } }`;
const JOIN_LEAGUE = `mutation JoinLeague($code: String!) { joinLeague(code: $code) { id } }`;
const POST = `mutation Post($leagueId: ID!, $text: String!) { postLeagueMessage(leagueId: $leagueId, text: $text) { id } }`;

/** A gate letting at most `limit` calls of `work` run at a time; the others wait their turn in order. */
function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * How many requests run at once where order does not matter: enough to keep both the runtime and
 * DynamoDB Local busy on two cores, few enough that no request waits long behind the others.
 */
const CONCURRENCY = 8;

export interface DemoLoaded {
  events: number;
  players: number;
  predictions: number;
  /** GraphQL requests made. */
  requests: number;
}

/**
 * Requests that touch different items run side by side: the profiles, the leagues beside the cards,
 * the cards of all events, and each event's predictions. What must stay in order does: the joins of a
 * league (each one counts its members under a condition), the matches of a card (their order is the
 * card's), and the broadcast, results and scoring of one event after another (their passes write the
 * same season standings).
 */
export async function loadDemoData(target: DemoTarget): Promise<DemoLoaded> {
  const admin = target.tokenFor(DEMO_ADMIN, [ADMIN_GROUP]);
  const players = demoPlayers.map((name, i) => ({ name, token: target.tokenFor(demoUsername(i)) }));
  let requests = 0;
  const gate = limiter(CONCURRENCY);
  const as = <T>(token: string, query: string, variables: Record<string, unknown>) => {
    requests += 1;
    return gate(() => graphqlData<T>(target.url, token, query, variables));
  };

  await Promise.all(players.map((player) => as(player.token, PROFILE, { displayName: player.name })));

  const seasonIds: string[] = [];
  for (const input of demoSeasons())
    seasonIds.push((await as<{ createSeason: { id: string } }>(admin, CREATE_SEASON, { input })).createSeason.id);
  // The leagues are created one after another (a player's league count is written under a condition),
  // then joined: each league's joins in turn (each counts its members under a condition), the
  // leagues side by side.
  const leagues = async () => {
    const made: { id: string; inviteCode: string }[] = [];
    for (const league of demoLeagues) {
      const seasonId = league.season === 'year' ? String(new Date().getUTCFullYear()) : seasonIds[league.season];
      const { createLeague } = await as<{ createLeague: { id: string; inviteCode: string } }>(
        players[league.members[0]].token,
        CREATE_LEAGUE,
        { input: { name: league.name, seasonId } },
      );
      made.push(createLeague);
    }
    await Promise.all(
      demoLeagues.map(async (league, l) => {
        for (const member of league.members.slice(1))
          await as(players[member].token, JOIN_LEAGUE, { code: made[l].inviteCode });
      }),
    );
    return made.map((league) => league.id);
  };

  // Cards are built and predicted before the bell; past events then get their real start time.
  const card = async (event: DemoEvent, eventIndex: number): Promise<Card> => {
    const { date, startsAt } = schedule(event);
    const opensAt = event.state === 'UPCOMING' ? startsAt : new Date(Date.now() + HOUR).toISOString();
    const { createEvent } = await as<{ createEvent: { id: string } }>(admin, CREATE_EVENT, {
      input: { name: event.name, date, startsAt: opensAt, ...(event.rules ? { rules: event.rules } : {}) },
    });
    const eventId = createEvent.id;
    const matchIds: string[] = [];
    for (const match of event.matches) {
      const { result: _result, method: _method, ...input } = match;
      const { addMatch } = await as<{ addMatch: { id: string } }>(admin, ADD_MATCH, { eventId, input });
      matchIds.push(addMatch.id);
    }
    const questionIds: string[] = [];
    for (const question of event.questions ?? []) {
      const { addQuestion } = await as<{ addQuestion: { id: string } }>(admin, ADD_QUESTION, {
        eventId,
        input: question.input,
      });
      questionIds.push(addQuestion.id);
    }
    const saves = predictionsOf(event, eventIndex, matchIds, questionIds, players.length);
    await Promise.all(saves.map(({ player, ...saved }) => as(players[player].token, SAVE, { eventId, ...saved })));
    return { eventId, matchIds, questionIds, startsAt, predictions: saves.length };
  };

  // Results go in once the event's card is predicted and every league exists (as they did before the
  // season went live); the final passes, which write the seasons' standings and their leagues' tables,
  // run one at a time in the events' order.
  const leaguesMade = leagues();
  const playOut = async (event: DemoEvent, made: Card, previousPlayed: Promise<void>) => {
    if (event.state === 'UPCOMING') return;
    const { eventId, matchIds, questionIds, startsAt } = made;
    await leaguesMade;
    await as(admin, UPDATE_EVENT, { input: { id: eventId, startsAt } });
    await as(admin, UPDATE_EVENT, { input: { id: eventId, state: 'BROADCAST' } });
    // A live event has its first results in (its provisional leaderboard follows them); a finished
    // one has them all and is scored.
    const resultsIn = event.state === 'SCORED' ? event.matches.length : 2;
    for (let i = 0; i < resultsIn; i += 1) {
      const result = event.matches[i].result;
      const set =
        typeof result === 'number'
          ? { winner: result, outcome: 'WIN', method: event.matches[i].method ?? null }
          : { winner: null, outcome: result };
      await as(admin, SET_RESULT, { eventId, matchId: matchIds[i], ...set });
    }
    if (event.tieBreakAnswer !== undefined) await as(admin, ANSWER, { eventId, answer: event.tieBreakAnswer });
    if (event.state === 'SCORED') {
      for (const [i, question] of (event.questions ?? []).entries())
        await as(admin, SET_ANSWER, { eventId, questionId: questionIds[i], ...answerVariables(question) });
      await previousPlayed;
      // The live passes of the results just entered run in this process (the local runtime's Lambda):
      // let them finish first, so that the final pass does not contend with them for the same board.
      await target.settled();
      await scoreFinal(
        () => as(admin, SCORE, { eventId }),
        () => target.settled(),
      );
    }
  };
  const cardsMade = demoEvents.map(card);
  let previous: Promise<void> = Promise.resolve();
  const plays = demoEvents.map((event, eventIndex) => {
    const previousPlayed = previous;
    previous = cardsMade[eventIndex].then((made) => playOut(event, made, previousPlayed));
    return previous;
  });
  const [cards, , leagueIds] = await Promise.all([Promise.all(cardsMade), Promise.all(plays), leaguesMade]);
  // The chat's history, in order, after the season's SYSTEM messages.
  for (const post of demoChat)
    await as(players[post.player].token, POST, { leagueId: leagueIds[post.league], text: post.text });
  // The live event's passes too, so that nothing of the load is still running when it returns.
  await target.settled();
  const predictions = cards.reduce((sum, c) => sum + c.predictions, 0);
  return { events: demoEvents.length, players: players.length, predictions, requests };
}

interface Card {
  eventId: string;
  matchIds: string[];
  questionIds: string[];
  startsAt: string;
  predictions: number;
}

interface Save {
  player: number;
  picks: PickInput[];
  tieBreak: number | null;
  answers: AnswerInput[];
}

/** The predictions of one event: who saves what, the same on every load. */
function predictionsOf(
  event: DemoEvent,
  eventIndex: number,
  matchIds: string[],
  questionIds: string[],
  playerCount: number,
): Save[] {
  const saves: Save[] = [];
  let previousPicks: PickInput[] = [];
  for (let playerIndex = 0; playerIndex < playerCount; playerIndex += 1) {
    const rnd = random(eventIndex * 1000 + playerIndex);
    // Not everyone plays every event; the README's demo player (player01) always does.
    const sitsOut = rnd() < 0.15;
    if (sitsOut && playerIndex !== 0 && event.perfectPlayer !== playerIndex) continue;
    // Every fifth player copies the one before: identical picks make ties in every leaderboard.
    const perfect = event.perfectPlayer === playerIndex;
    // Under the event's rules: a joker on one match, a finish called on some picks, a guess.
    const joker = event.rules?.joker ? Math.floor(rnd() * event.matches.length) : -1;
    const picks: PickInput[] =
      playerIndex % 5 === 4 && previousPicks.length > 0
        ? previousPicks
        : event.matches.map((m, i) => ({
            matchId: matchIds[i],
            team:
              typeof m.result === 'number' && (perfect || rnd() < 0.55) ? m.result : Math.floor(rnd() * m.teams.length),
            ...(event.rules?.methodBonus && rnd() < 0.5 ? { method: METHODS[Math.floor(rnd() * METHODS.length)] } : {}),
            ...(i === joker ? { joker: true } : {}),
          }));
    const tieBreak = event.rules?.tieBreakQuestion ? 8 + Math.floor(rnd() * 30) : null;
    const answers = demoAnswers(event.questions ?? [], questionIds, rnd, perfect);
    saves.push({ player: playerIndex, picks, tieBreak, answers });
    previousPicks = picks;
  }
  return saves;
}
