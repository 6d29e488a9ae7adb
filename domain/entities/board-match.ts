/** An event board's card entry (a leaf module: domain/awards.ts and domain/streaks.ts read it without the rest of board.ts). */
import type { FinishMethod } from '../schema-types';

/**
 * A card as an event board scored it, in card order: [matchId, points, winner (null: no winner or no
 * result), then what the rules read: the finish, whether it was a title change, the teams whose win
 * would be one, whether the match has a result, and the picks of each team at the bell (pickCounts)].
 * Heads built before the rules hold the first three.
 */
export type BoardMatch = [
  matchId: string,
  points: number,
  winner: number | null,
  method?: FinishMethod | null,
  titleChange?: boolean,
  challengers?: number[],
  decided?: boolean,
  picked?: number[],
];
