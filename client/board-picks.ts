/**
 * Other players' picks as the boards show them once the picks lock (the event's leaderboard, a league's
 * board, a player's history): each pick's team, joker and finish, marked as its match came out, and
 * each player's tie-break guess, with the answer beside the guesses that ranked players level on points,
 * and on a phone their awards.
 */
import { questionPoints } from '@pickem/domain/questions';
import { closeness } from '@pickem/domain/ranking';
import type { FinishMethod } from '@pickem/domain/schema-types';
import { teamLabel, type Match } from './card.ts';
import type { Award } from './graphql/types.ts';
import { awardsText } from './honours.ts';
import { pickMark, type PickMark } from './outcome.ts';
import { answerWords, type Question, type SavedAnswer } from './questions.ts';
import { byFinish } from './rules.ts';

/** A pick as the API returns it (joker and finish only on events whose rules score them). */
export interface BoardPick {
  matchId: string;
  team: number;
  method?: FinishMethod | null;
  joker?: boolean | null;
}

export type BoardPickMatch = Pick<Match, 'id' | 'position' | 'teams' | 'result' | 'outcome'>;

/** One match of the card as a player picked it; `team` null: no pick. */
export interface PickShown {
  matchId: string;
  position: number;
  team: string | null;
  /** The card's joker (JOKER_TEXT). */
  joker: boolean;
  /** The finish called ("by submission"), or null. */
  finish: string | null;
  mark: PickMark | 'none';
}

export const JOKER_TEXT = 'Joker ×2';

/** A player's picks in card order, one a match (a match they did not pick too). */
export function shownPicks(matches: BoardPickMatch[], picks: BoardPick[]): PickShown[] {
  const byMatch = new Map(picks.map((p) => [p.matchId, p]));
  return matches.map((m) => {
    const pick = byMatch.get(m.id);
    const team = pick && m.teams[pick.team] ? m.teams[pick.team] : undefined;
    const at = { matchId: m.id, position: m.position };
    if (!pick || !team) return { ...at, team: null, joker: false, finish: null, mark: 'none' };
    const finish = pick.method ? byFinish(pick.method) : null;
    return { ...at, team: teamLabel(team), joker: pick.joker === true, finish, mark: pickMark(m, pick.team) };
  });
}

/** What a pick called beyond the winner, in words: ["Joker ×2", "by submission"]. */
export const pickExtras = (pick: PickShown): string[] => [
  ...(pick.joker ? [JOKER_TEXT] : []),
  ...(pick.finish ? [pick.finish] : []),
];

/** How a pick came out, as a sign beside it (nothing until its match has a result). */
export const MARK_SIGN = { right: '✓', wrong: '✗', voided: '–', open: '', none: '' } as const;

/** A player's picks on one line ("1. Kenny Omega, Joker ×2, by submission ✓ · 2. no pick"), for a phone's board. */
export function picksLine(matches: BoardPickMatch[], picks: BoardPick[]): string {
  return shownPicks(matches, picks)
    .map((p) => {
      const sign = MARK_SIGN[p.mark];
      return `${p.position}. ${[p.team ?? 'no pick', ...pickExtras(p)].join(', ')}${sign ? ` ${sign}` : ''}`;
    })
    .join(' · ');
}

/** What of a question the boards read to word an answer and what it earned. */
export type BoardQuestion = Pick<
  Question,
  'id' | 'position' | 'kind' | 'text' | 'options' | 'pickCount' | 'points' | 'closePoints' | 'closeRange' | 'answer'
>;

/**
 * A player's answer to each question in words, with what it earned once the question's answer is in:
 * "Who takes the fall?: Kofi Kingston (+3)", "The Final Four: A, B, C, D (+10)", "Entry number: no answer".
 */
export function shownAnswers(questions: BoardQuestion[], answers: SavedAnswer[]): string[] {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return questions.map((q) => {
    const answer = byQuestion.get(q.id);
    const words = answerWords(q, answer);
    const scored = questionPoints(
      answer && { questionId: q.id, options: answer.options, number: answer.number ?? null },
      q,
    );
    const earned =
      words === null || scored === null ? '' : scored.reason === 'VOID' ? ' (voided)' : ` (+${scored.points})`;
    return `${q.text}: ${words ?? 'no answer'}${earned}`;
  });
}

/** A player's answers on one line, for a phone's board; null with no questions. */
export const answersLine = (questions: BoardQuestion[], answers: SavedAnswer[]): string | null =>
  questions.length > 0 ? shownAnswers(questions, answers).join(' · ') : null;

/**
 * What a phone's board shows under a player: their awards once scored (client/honours.ts), their tie-break
 * guess (tieBreakNotes), then their picks on one line (picksLine), then their answers (answersLine); null
 * when none shows (before the lock, or no prediction).
 */
export function rowPicksText(
  row: TieBreakRow & { picks?: BoardPick[] | null; answers?: SavedAnswer[] | null; awards?: readonly Award[] | null },
  matches: BoardPickMatch[],
  notes: Map<string, TieBreakNote>,
  questions: BoardQuestion[] = [],
): string | null {
  const lines = [
    awardsText(row.awards),
    notes.get(row.userId)?.text ?? null,
    row.picks && row.picks.length > 0 ? picksLine(matches, row.picks) : null,
    row.picks && row.picks.length > 0 && row.answers ? answersLine(questions, row.answers) : null,
  ].filter((line) => line !== null);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A board row as the tie-break reads it. */
export interface TieBreakRow {
  userId: string;
  points?: number | null;
  tieBreak?: number | null;
}

/** What of the event the tie-break notes read: its question and, once set, its answer. */
export interface TieBreakEvent {
  rules: { tieBreakQuestion?: string | null };
  tieBreakAnswer?: number | null;
}

export interface TieBreakNote {
  /** "Tie-break: 14", or "Tie-break: 14 (answer 12)" where the guess ranked the player among others level on points. */
  text: string;
  /** The guess ordered this player and another on the board level with them on points. */
  decided: boolean;
}

/**
 * Each row's tie-break guess as a board shows it beside the player, by user id; none when the event
 * asks no question (or is not read yet). The boards rank players level on points by the closest guess (domain/ranking.ts),
 * so where two such players' guesses are not equally close, the answer shows beside each: the order is
 * the tie-break's, not chance.
 */
export function tieBreakNotes(rows: TieBreakRow[], event: TieBreakEvent | null): Map<string, TieBreakNote> {
  const notes = new Map<string, TieBreakNote>();
  if (!event?.rules.tieBreakQuestion) return notes;
  const answer = event.tieBreakAnswer ?? null;
  for (const row of rows) {
    const guess = row.tieBreak ?? null;
    const decided =
      answer !== null &&
      row.points != null &&
      rows.some(
        (other) =>
          other.userId !== row.userId &&
          other.points === row.points &&
          closeness(other.tieBreak, answer) !== closeness(guess, answer),
      );
    const text = `Tie-break: ${guess ?? 'no guess'}`;
    notes.set(row.userId, { text: decided ? `${text} (answer ${answer})` : text, decided });
  }
  return notes;
}

/** What a board says of the event's tie-break under its title; null when the event asks none. */
export function tieBreakCaption(event: TieBreakEvent | null): string | null {
  const question = event?.rules.tieBreakQuestion;
  if (!event || !question) return null;
  const answer = event.tieBreakAnswer ?? null;
  return answer === null
    ? `Tie-break: ${question} Players level on points are ranked by the closest guess once the answer is in.`
    : `Tie-break: ${question} Answer: ${answer}. Players level on points are ranked by the closest guess.`;
}
