/**
 * Profile items: `USER#<userId>` / `PROFILE`, no GSI key. A player's partition also holds their
 * predictions (`PREDICTION#...`, sorting before PROFILE) and season standings (`STANDING#yyyy`,
 * sorting after it).
 */
import { atLeast, onTable } from './access';
import type { Expression, ItemKey } from './table';

export interface ProfileItem {
  id: string;
  displayName: string;
}

export const PROFILE_LIMIT = {
  displayName: 40,
} as const;

const TYPE = 'Profile';
const SK = 'PROFILE';

/** A player's partition (profile, predictions, standings). */
export const userPk = (userId: string) => `USER#${userId}`;

const key = (userId: string): ItemKey => ({ PK: userPk(userId), SK: SK });

export const PROFILE = {
  type: TYPE,
  key,
  /**
   * Access pattern: a player's profile item and season standings, their partition from PROFILE on
   * (STANDING#yyyy sorts after PROFILE, PREDICTION#... before it), newest season first.
   */
  withStandings: (userId: string) => onTable(userPk(userId), atLeast(SK, ':profile'), false),
  /** Whether an item of a player's partition is the profile. */
  is: (item: ItemKey) => item.SK === SK,
  /** Creates or updates a player's profile item; with `keepName`, a name already set stays. */
  update: (userId: string, displayName: string, keepName: boolean): Expression => ({
    expression: `SET #displayName = ${keepName ? 'if_not_exists(#displayName, :name)' : ':name'}, #id = :id, #type = :type`,
    names: { '#displayName': 'displayName', '#id': 'id', '#type': 'type' },
    values: { ':name': displayName, ':id': userId, ':type': TYPE },
  }),
  /** The whole stored item, as `update` leaves it (tests, benchmarks). */
  item: (userId: string, displayName: string) => ({ ...key(userId), type: TYPE, id: userId, displayName }),
};
