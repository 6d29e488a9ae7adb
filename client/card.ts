/** An event's card as the apps show it: its types (from the generated eventCard query) and its match texts. */
import { titleChangeOf } from '@pickem/domain/points';
import type { EventCardQuery } from './graphql/types.ts';

export type Card = NonNullable<EventCardQuery['eventCard']>;
export type Match = Card['matches'][number];
export type BoardRow = Pick<
  NonNullable<Card['leaderboard']>['items'][number],
  'userId' | 'rank' | 'displayName' | 'points' | 'correct' | 'possiblePoints'
>;

export const teamLabel = (team: Match['teams'][number]) => team.name ?? team.members.join(' & ');

export function matchTitle(match: Pick<Match, 'name' | 'position' | 'teams'>): string {
  return match.name ?? match.teams.map(teamLabel).join(' vs ');
}

/** A challenger beat the champion in a title match: the card marks it NEW CHAMPION (the title-change rule's test). */
export const newChampion = (match: Pick<Match, 'championships' | 'teams' | 'result' | 'outcome'>): boolean =>
  titleChangeOf(match);

export function resultText(match: Pick<Match, 'result' | 'outcome' | 'teams'>): string | null {
  if (match.outcome === 'DRAW') return 'Draw';
  if (match.outcome === 'NO_CONTEST') return 'No contest';
  if (match.result != null) return `Winner: ${teamLabel(match.teams[match.result])}`;
  return null;
}

/** The card's matches with a live RESULT update's match merged in (its result, outcome and finish; the shares once counted). */
export function withResult<M extends Pick<Match, 'id' | 'result' | 'outcome' | 'method' | 'pickShares'>>(
  matches: M[],
  changed: Pick<Match, 'id' | 'result' | 'outcome' | 'method'> & { pickShares?: Match['pickShares'] },
): M[] {
  return matches.map((m) =>
    m.id === changed.id
      ? {
          ...m,
          result: changed.result,
          outcome: changed.outcome,
          method: changed.method,
          pickShares: changed.pickShares ?? m.pickShares,
        }
      : m,
  );
}
