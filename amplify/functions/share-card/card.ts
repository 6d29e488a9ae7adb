/**
 * What a share card shows, from the items the function read: the event, the player's final figures
 * (the final pass's, on the prediction), and their best calls: the correct picks the fewest players
 * made (the board head's picks at the bell), boldest first.
 */
import { createHash } from 'node:crypto';
import { winnerOf, type MatchItem, type TeamItem } from '@pickem/domain/entities/match';
import type { EventItem } from '@pickem/domain/entities/event';
import type { BoardHead } from '@pickem/domain/entities/board';
import type { PredictionItem } from '@pickem/domain/entities/prediction';

/** How many best calls a card lists. */
export const BEST_CALLS = 3;

export interface BestCall {
  /** The team picked: its name, else its members. */
  pick: string;
  /** The match's name, when it has one. */
  match: string | null;
  /** The share of the event's players who made the same pick, 0 to 1; null when the bell's counts are missing. */
  share: number | null;
}

export interface ShareCard {
  eventName: string;
  eventDate: string;
  displayName: string;
  rank: number;
  /** The event's players (its board's rows); null when the board is missing. */
  players: number | null;
  points: number;
  correct: number;
  bestCalls: BestCall[];
  /**
   * The league belt the event won the player, when there is one (League.champion, issue 43): set by the
   * caller of `shareCard` once reigns are stored; the card and the page show it when present.
   */
  belt?: { league: string } | null;
}

const teamLabel = (team: TeamItem | undefined) =>
  team ? team.name || team.members.join(' & ') || 'Unnamed team' : 'Unknown team';

/** The card of a scored prediction; null when the prediction has no final figures. */
export function shareCard(
  event: Pick<EventItem, 'name' | 'date'>,
  matches: MatchItem[],
  head: Pick<BoardHead, 'card' | 'rowCount'> | null,
  prediction: PredictionItem,
): ShareCard | null {
  if (prediction.points == null || prediction.rank == null) return null;
  const picked = new Map((head?.card ?? []).map((m) => [m[0], m[7]]));
  const byId = new Map(matches.map((m) => [m.id, m]));
  const calls: BestCall[] = [];
  for (const pick of prediction.picks) {
    const match = byId.get(pick.matchId);
    if (!match || winnerOf(match) !== pick.team) continue;
    const counts = picked.get(pick.matchId);
    const total = counts ? counts.reduce((a, b) => a + b, 0) : 0;
    calls.push({
      pick: teamLabel(match.teams[pick.team]),
      match: match.name || null,
      share: counts && total > 0 ? (counts[pick.team] ?? 0) / total : null,
    });
  }
  calls.sort((a, b) => (a.share ?? 1) - (b.share ?? 1));
  return {
    eventName: event.name,
    eventDate: event.date,
    displayName: prediction.displayName,
    rank: prediction.rank,
    players: head ? head.rowCount : null,
    points: prediction.points,
    correct: prediction.correct ?? 0,
    bestCalls: calls.slice(0, BEST_CALLS),
  };
}

/** A short hash of what the card shows: its image's version in the page (a changed card, a new image address). */
export function cardVersion(card: ShareCard): string {
  return createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 16);
}

/** "12%" for a share; "under 1%" below it. */
export function percent(share: number): string {
  const p = Math.round(share * 100);
  return p === 0 && share > 0 ? 'under 1%' : `${p}%`;
}

/** "#3 of 24" (or "#3" without the board). */
export const rankLine = (card: ShareCard) => `#${card.rank}${card.players ? ` of ${card.players}` : ''}`;
