/** Helpers of the admin's question builder (both apps): "who takes the fall" from a match on the card. */
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { matchTitle, type Match } from './card.ts';

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A CHOICE question's text and options for who takes the fall in a match: every member of every side
 * (a tag team's members one by one, since one of them is pinned), each named once.
 */
export function fallQuestion(match: Pick<Match, 'name' | 'position' | 'teams'>): { text: string; options: string } {
  const prefix = 'Who takes the fall in ';
  const title = cut(matchTitle(match), QUESTION_LIMIT.text - prefix.length - 1);
  const members = [...new Set(match.teams.flatMap((t) => t.members.map((m) => cut(m.trim(), QUESTION_LIMIT.option))))];
  return { text: `${prefix}${title}?`, options: members.join('\n') };
}
