import { util, type Context } from '@aws-appsync/utils';
import { notShared } from './share';
import { caller } from './caller';
import type { MatchItem } from '@pickem/domain/entities/match';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { PROFILE, type ProfileItem } from '@pickem/domain/entities/profile';
import { REMINDER, type ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import { SEASON } from '@pickem/domain/entities/season';
import { STANDING, toStanding, type StandingItem } from '@pickem/domain/entities/standing';
import type { LeagueSource } from './league';
import { possiblePoints, scorePicks, scoringCard } from '@pickem/domain/points';
import { possibleQuestionPoints, scoreQuestions } from '@pickem/domain/questions';
import { answersOf, storedScores } from '@pickem/domain/entities/stored-answers';
import { rulesOf } from '@pickem/domain/rules';
import { ranked } from '@pickem/domain/ranking';
import type { LeagueTableStash } from './stash';
import { predictionsLocked, visiblePrediction } from '@pickem/domain/visibility';

/**
 * League tables: the season standings from the table stored on the league (LEAGUE_TABLE; computed
 * from the members' standings for a league from before tables), and the members' predictions for an
 * event with their points on the results entered so far, computed at read time.
 */

export type MemberRead =
  ((StandingItem | PredictionItem | ProfileItem | ReminderSettingsItem) & { type: string }) | null;

/** Sorts a BatchGetItem's items into the stash by type and user id (a key not found is absent). */
export function memberItemsRead(ctx: Context<unknown, LeagueTableStash>, items: MemberRead[]): void {
  for (const item of items) {
    if (item && item.type === STANDING.type) ctx.stash.standings[(item as StandingItem).userId] = item as StandingItem;
    if (item && item.type === PREDICTION.type)
      ctx.stash.predictions[(item as PredictionItem).userId] = item as PredictionItem;
    if (item && item.type === PROFILE.type) ctx.stash.profiles[(item as ProfileItem).id] = item as ProfileItem;
    if (item && item.type === REMINDER.type)
      ctx.stash.reminders[(item as ReminderSettingsItem).userId] = item as ReminderSettingsItem;
  }
}

/** A member's current name: their profile's, else the one they joined with. */
export function nameOf(stash: LeagueTableStash, userId: string, joinedAs: string): string {
  const profile = stash.profiles[userId];
  return profile ? profile.displayName : joinedAs;
}

/**
 * Every member's season standing (zeros for one who has not played yet), ranked within the league
 * (domain/ranking.ts), not on the season's board: from the league's stored table, each name from
 * the member's profile now (or the name they joined with).
 */
export function leagueStandings(ctx: Context<unknown, LeagueTableStash, undefined, LeagueSource>) {
  const source = ctx.source as LeagueSource;
  const seasonId = source.seasonId;
  const table = source.table;
  if (table !== null && table !== undefined) {
    const joinedAs: Record<string, string> = {};
    for (const m of ctx.stash.members) joinedAs[m.userId] = m.displayName;
    const season = SEASON.year(seasonId);
    const fromTable = Object.keys(table).map((userId) => ({
      seasonId,
      season,
      rank: 0,
      userId,
      displayName: nameOf(ctx.stash, userId, joinedAs[userId] ?? userId),
      points: table[userId].points,
      correct: table[userId].correct,
      eventsPlayed: table[userId].eventsPlayed,
    }));
    return ranked(fromTable);
  }
  const rows = ctx.stash.members.map((m) => {
    const item = ctx.stash.standings[m.userId] as StandingItem | undefined;
    const standing = item
      ? toStanding(item, 0)
      : {
          seasonId,
          season: Number(seasonId.slice(0, 4)),
          rank: 0,
          userId: m.userId,
          displayName: m.displayName,
          points: 0,
          correct: 0,
          eventsPlayed: 0,
        };
    return { ...standing, seasonId, displayName: nameOf(ctx.stash, m.userId, m.displayName) };
  });
  return ranked(rows);
}

/**
 * The members' predictions for the event, ranked by their points on the card's results so far
 * (exact for every result entered: computed from the picks and the card at read time, so never
 * behind the global leaderboard). The visibility rule applies: null while the picks are hidden
 * (before the lock); after the bell but before BROADCAST, picks without points.
 */
export function leagueEventLeaderboard(ctx: Context<{ eventId: string }, LeagueTableStash, undefined, LeagueSource>) {
  const event = ctx.stash.event;
  const now = util.time.nowEpochMilliSeconds();
  if (!event || !predictionsLocked(event, now)) return null;
  // The picks at the bell (the underdog's count) come with the event's board head, read with the card.
  const onCard = scoringCard(event.matchOrder, ctx.stash.matches, ctx.stash.picked ?? null);
  const rules = rulesOf(event);
  const questions = ctx.stash.questions ?? [];
  const me = caller(ctx).sub;
  const rows = ctx.stash.members
    .filter((m) => ctx.stash.predictions[m.userId] !== undefined)
    .map((m) => {
      const prediction = ctx.stash.predictions[m.userId];
      const score = scorePicks(prediction.picks, onCard, rules);
      const answers = answersOf(prediction.answers);
      const asked = scoreQuestions(answers, questions);
      return {
        ...prediction,
        displayName: nameOf(ctx.stash, m.userId, prediction.displayName),
        points: score.points + asked.points,
        correct: score.correct,
        scores: score.scores,
        cardBonus: score.cardBonus,
        questionScores: storedScores(asked.questionScores),
        possiblePoints:
          event.state === 'BROADCAST'
            ? possiblePoints(prediction.picks, onCard, rules) + possibleQuestionPoints(answers, questions)
            : null,
      };
    });
  const tie = rules.tieBreakQuestion === null ? null : { answer: event.tieBreakAnswer ?? null };
  return ranked(rows, tie).map((row) => notShared(visiblePrediction(row, event, row.userId === me, now)));
}
