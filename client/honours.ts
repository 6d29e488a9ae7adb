/**
 * The league belt, streaks, awards and trophies in words (issue 43), for both apps: the league's
 * champion and title history, a profile's streak and trophy case, a scored prediction's awards.
 */
import type { Award } from './graphql/types.ts';

export const AWARD_NAMES: Record<Award, string> = {
  TOP_SCORE: 'Top score',
  PERFECT_CARD: 'Perfect card',
  BOLDEST_CALL: 'Boldest call',
};

/** The order awards are listed in: the rarest feat first. */
const AWARD_ORDER: Award[] = ['PERFECT_CARD', 'TOP_SCORE', 'BOLDEST_CALL'];

/** "Perfect card · Top score", or null without awards. */
export function awardsText(awards: readonly Award[] | null | undefined): string | null {
  if (!awards || awards.length === 0) return null;
  return AWARD_ORDER.filter((a) => awards.includes(a))
    .map((a) => AWARD_NAMES[a])
    .join(' · ');
}

/** "Top score ×2 · Boldest call ×1", or null before the first. */
export function trophiesText(trophies: readonly { award: Award; count: number }[]): string | null {
  const won = AWARD_ORDER.map((award) => ({ award, count: trophies.find((t) => t.award === award)?.count ?? 0 }));
  const shown = won.filter((t) => t.count > 0);
  return shown.length === 0 ? null : shown.map((t) => `${AWARD_NAMES[t.award]} ×${t.count}`).join(' · ');
}

/** "4 correct picks in a row (best 9)". */
export function streakText(streak: { current: number; best: number }): string {
  const current = `${streak.current} correct ${streak.current === 1 ? 'pick' : 'picks'} in a row`;
  return streak.best > streak.current ? `${current} (best ${streak.best})` : current;
}

interface ReignLike {
  displayName: string;
  wonAtName: string;
  defenses: number;
  endedAt?: string | null;
}

const defenses = (n: number) => (n === 0 ? 'no defenses yet' : `${n} ${n === 1 ? 'defense' : 'defenses'}`);

/** The champion's line: "Sam Hogarth holds the belt: won at Full Gear, 2 defenses". */
export function championText(reign: ReignLike | null | undefined): string {
  if (!reign) return "The belt is vacant until the league's first scored event.";
  return `${reign.displayName} holds the belt: won at ${reign.wonAtName}, ${defenses(reign.defenses)}`;
}

/** A title history line: "Sam Hogarth: won at Full Gear, 2 defenses". */
export function reignText(reign: ReignLike): string {
  const n = reign.defenses;
  return `${reign.displayName}: won at ${reign.wonAtName}, ${n} ${n === 1 ? 'defense' : 'defenses'}`;
}
