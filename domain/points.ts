/**
 * The points of one pick and of one prediction under an event's rules (rules.ts): the one place they
 * are computed, used by the scoring function, by the league tables computed at read time, by the boards
 * read back and by the apps (what each pick earned, and why).
 *
 * For each match with a winner, a correct pick earns the match's points; with the card's joker, twice
 * that. A wrong joker pick loses the match's points. A correct pick adds `methodBonus` when it named the
 * finish, `underdogBonus` when fewer than `underdogPercent`% of the match's picks at the bell named that
 * team, `titleChangeBonus` when a challenger beat the champion in a championship match (bonuses are
 * never doubled). A draw or a no contest voids the match (nothing gained or lost, jokers included).
 * `cardBonus` is `perfectCardBonus` once every match has a result, when the player picked every match
 * that has a winner and got each right.
 */
import type { FinishMethod, MatchOutcome } from './schema-types';
import type { PickItem } from './entities/prediction';
import { DEFAULT_RULES, type RulesItem } from './rules';

/** What scoring needs of a match. */
export interface ScoringMatch {
  points: number;
  /** The winning team's index; null without a winner. */
  result: number | null;
  /** Null (or absent with a null result): no result yet. */
  outcome?: MatchOutcome | null;
  method?: FinishMethod | null;
  /** A challenger beat the champion in a championship match (titleChangeOf). */
  titleChange?: boolean;
  /** Before the result: a championship match with a champion in it, so a pick of a challenger could earn the title-change bonus. */
  challengers?: number[] | null;
  /** How many of the event's predictions picked each team, counted at the bell (pickCounts); absent before it. */
  picked?: number[] | null;
}

/**
 * A card's matches (in `matchOrder`; items it does not list are off the card) as scoring reads them,
 * with the picks at the bell when counted (the event board's head holds them: board.ts boardPicked).
 */
export function scoringCard(
  matchOrder: string[],
  matches: {
    id: string;
    points: number;
    result: number | null;
    outcome?: MatchOutcome | null;
    method?: FinishMethod | null;
    championships?: string[] | null;
    teams: { champion?: boolean | null }[];
  }[],
  picked: Record<string, number[]> | null,
): Record<string, ScoringMatch> {
  const byId: Record<string, (typeof matches)[number]> = {};
  for (const m of matches) byId[m.id] = m;
  const onCard: Record<string, ScoringMatch> = {};
  for (const id of matchOrder) {
    const m = Object.hasOwn(byId, id) ? byId[id] : null;
    if (m !== null)
      onCard[id] = {
        points: m.points,
        result: m.result ?? null,
        outcome: m.outcome ?? null,
        method: m.method ?? null,
        titleChange: titleChangeOf(m),
        challengers: challengersOf(m),
        picked: picked !== null && Object.hasOwn(picked, id) ? picked[id] : null,
      };
  }
  return onCard;
}

/** Why a pick earned what it did, each with its points (the apps say "+50: joker"). */
export type PointsReason = 'PICK' | 'JOKER' | 'JOKER_LOST' | 'METHOD' | 'UNDERDOG' | 'TITLE_CHANGE';

export interface PickPoints {
  points: number;
  correct: boolean;
  why: { reason: PointsReason; points: number }[];
}

/** The winner of a match as scored: null without a result or for a draw or a no contest. */
function winnerOfScoring(match: ScoringMatch): number | null {
  const outcome = match.outcome ?? (match.result === null || match.result === undefined ? null : 'WIN');
  return outcome === 'WIN' ? match.result : null;
}

/** Whether a match has a result (a winner, a draw or a no contest). */
export function hasResult(match: ScoringMatch): boolean {
  return (match.outcome ?? null) !== null || (match.result !== null && match.result !== undefined);
}

/**
 * Whether a challenger beat the champion: the match is for a championship, a team holds it, and the
 * winner does not.
 */
export function titleChangeOf(match: {
  championships?: string[] | null;
  teams: { champion?: boolean | null }[];
  result: number | null;
  outcome?: MatchOutcome | null;
}): boolean {
  const winner = winnerOfScoring({ points: 0, result: match.result, outcome: match.outcome });
  if (winner === null || (match.championships ?? []).length === 0) return false;
  if (!match.teams.some((team) => team.champion === true)) return false;
  return winner < match.teams.length && match.teams[winner].champion !== true;
}

/** The teams whose win would be a title change: a championship match's teams without the title, while a team holds it. */
export function challengersOf(match: {
  championships?: string[] | null;
  teams: { champion?: boolean | null }[];
}): number[] {
  if ((match.championships ?? []).length === 0 || !match.teams.some((team) => team.champion === true)) return [];
  const out: number[] = [];
  match.teams.forEach((team, i) => {
    if (team.champion !== true) out.push(i);
  });
  return out;
}

/** Whether `team` is an underdog of the match: fewer than `underdogPercent`% of its picks at the bell named it. */
export function isUnderdog(match: Pick<ScoringMatch, 'picked'>, team: number, rules: RulesItem): boolean {
  const picked = match.picked ?? null;
  if (picked === null || team < 0 || team >= picked.length) return false;
  let total = 0;
  for (const n of picked) total = total + n;
  return total > 0 && picked[team] * 100 < rules.underdogPercent * total;
}

/** The bonuses a correct pick of `team` earns (never doubled by the joker). */
function bonuses(pick: PickItem, match: ScoringMatch, rules: RulesItem): { reason: PointsReason; points: number }[] {
  const out: { reason: PointsReason; points: number }[] = [];
  const method = match.method ?? null;
  if (rules.methodBonus > 0 && method !== null && (pick.method ?? null) === method)
    out.push({ reason: 'METHOD', points: rules.methodBonus });
  if (rules.underdogBonus > 0 && isUnderdog(match, pick.team, rules))
    out.push({ reason: 'UNDERDOG', points: rules.underdogBonus });
  if (rules.titleChangeBonus > 0 && match.titleChange === true)
    out.push({ reason: 'TITLE_CHANGE', points: rules.titleChangeBonus });
  return out;
}

/**
 * What one pick (undefined: none) earns on a match with a result, or null while the match has none.
 * A joker counts only when the rules have one.
 */
export function pickPoints(pick: PickItem | undefined, match: ScoringMatch, rules: RulesItem): PickPoints | null {
  if (!hasResult(match)) return null;
  const winner = winnerOfScoring(match);
  if (winner === null || pick === undefined) return { points: 0, correct: false, why: [] };
  const joker = rules.joker && pick.joker === true;
  if (pick.team !== winner) {
    return joker
      ? { points: -match.points, correct: false, why: [{ reason: 'JOKER_LOST', points: -match.points }] }
      : { points: 0, correct: false, why: [] };
  }
  const why = [
    joker
      ? { reason: 'JOKER' as PointsReason, points: 2 * match.points }
      : { reason: 'PICK' as PointsReason, points: match.points },
    ...bonuses(pick, match, rules),
  ];
  let points = 0;
  for (const part of why) points = points + part.points;
  return { points, correct: true, why };
}

/** Each match's first pick (a match picked twice counts once), by match id. */
export function firstPicks(picks: PickItem[] | undefined): Record<string, PickItem> {
  const byMatch: Record<string, PickItem> = {};
  for (const pick of picks ?? []) if (!Object.hasOwn(byMatch, pick.matchId)) byMatch[pick.matchId] = pick;
  return byMatch;
}

export interface PredictionScore {
  /** The event total: every match's points and cardBonus. */
  points: number;
  correct: number;
  /** One a match with a result, in `onCard`'s order. */
  scores: { matchId: string; points: number }[];
  cardBonus: number;
}

/**
 * The score of one set of picks against the card's results so far (`onCard`, by match id, in card
 * order): picks of matches not on the card count for nothing.
 */
export function scorePicks(
  picks: PickItem[] | undefined,
  onCard: Record<string, ScoringMatch>,
  rules: RulesItem = DEFAULT_RULES,
): PredictionScore {
  const byMatch = firstPicks(picks);
  let points = 0;
  let correct = 0;
  let everyResult = true;
  let perfect = true;
  let winners = 0;
  const scores: { matchId: string; points: number }[] = [];
  for (const matchId of Object.keys(onCard)) {
    const match = onCard[matchId];
    const pick = Object.hasOwn(byMatch, matchId) ? byMatch[matchId] : undefined;
    const earned = pickPoints(pick, match, rules);
    if (earned === null) everyResult = false;
    else {
      scores.push({ matchId, points: earned.points });
      points = points + earned.points;
      if (earned.correct) correct = correct + 1;
      if (winnerOfScoring(match) !== null) winners = winners + 1;
      if (winnerOfScoring(match) !== null && !earned.correct) perfect = false;
    }
  }
  const cardBonus = rules.perfectCardBonus > 0 && everyResult && perfect && winners > 0 ? rules.perfectCardBonus : 0;
  return { points: points + cardBonus, correct, scores, cardBonus };
}

/** The most a pick can earn on a match without a result: a title change is possible while some team holds the title. */
function stillPossible(pick: PickItem, match: ScoringMatch, rules: RulesItem): number {
  let possible = (rules.joker && pick.joker === true ? 2 : 1) * match.points;
  if (rules.methodBonus > 0 && (pick.method ?? null) !== null) possible = possible + rules.methodBonus;
  if (rules.underdogBonus > 0 && isUnderdog(match, pick.team, rules)) possible = possible + rules.underdogBonus;
  if (rules.titleChangeBonus > 0 && (match.challengers ?? []).indexOf(pick.team) >= 0)
    possible = possible + rules.titleChangeBonus;
  return possible;
}

/**
 * The most a set of picks can still add on the matches of `onCard` without a result: each picked
 * match's points (doubled by the joker) with every bonus it could still earn, and the perfect-card
 * bonus while every match decided with a winner was picked right.
 */
export function possiblePoints(
  picks: PickItem[] | undefined,
  onCard: Record<string, ScoringMatch>,
  rules: RulesItem = DEFAULT_RULES,
): number {
  const byMatch = firstPicks(picks);
  let possible = 0;
  let open = 0;
  let perfect = true;
  // A perfect card needs a match with a winner: one decided, or one picked that is still open.
  let winnable = false;
  for (const matchId of Object.keys(onCard)) {
    const match = onCard[matchId];
    const pick = Object.hasOwn(byMatch, matchId) ? byMatch[matchId] : undefined;
    const winner = winnerOfScoring(match);
    if (hasResult(match) && winner !== null && (pick === undefined || pick.team !== winner)) perfect = false;
    if (winner !== null || (!hasResult(match) && pick !== undefined)) winnable = true;
    if (!hasResult(match)) open = open + 1;
    if (!hasResult(match) && pick !== undefined) possible = possible + stillPossible(pick, match, rules);
  }
  return possible + (open > 0 && perfect && winnable && rules.perfectCardBonus > 0 ? rules.perfectCardBonus : 0);
}

/**
 * How many picks named each team of each match (`teams`: each match's teams, by match id): a
 * prediction's first pick of a match counts, a pick of a team the match does not have does not.
 * Counted once from the picks at the bell; Match.pickShares and the underdog bonus both read it.
 */
export function pickCounts(
  predictions: (PickItem[] | undefined)[],
  teams: Record<string, unknown[]>,
): Record<string, number[]> {
  const counts: Record<string, number[]> = {};
  for (const matchId of Object.keys(teams)) counts[matchId] = teams[matchId].map(() => 0);
  for (const picks of predictions) {
    const byMatch = firstPicks(picks);
    for (const matchId of Object.keys(byMatch)) {
      const team = byMatch[matchId].team;
      if (Object.hasOwn(counts, matchId) && team >= 0 && team < counts[matchId].length)
        counts[matchId][team] = counts[matchId][team] + 1;
    }
  }
  return counts;
}

/** Counts as whole percents of their total (rounded; all 0 when nobody picked). */
export function sharesOf(counts: number[]): number[] {
  let total = 0;
  for (const n of counts) total = total + n;
  return counts.map((n) => (total === 0 ? 0 : Math.round((n * 100) / total)));
}
