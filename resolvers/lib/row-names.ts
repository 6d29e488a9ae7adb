import { util, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { PROFILE, type ProfileItem } from '@pickem/domain/entities/profile';
import type { ItemKey } from '@pickem/domain/entities/table';
import { projection } from './query';

/** A board row's first two cells: every board row starts [userId, displayName, …] (entities/board.ts). */
export type NamedRow = [string, string, ...unknown[]];

/**
 * A board keeps the display name each row was built with; a rename reaches it when a page is read: one
 * BatchGetItem of the page's players' profiles (their `id` and `displayName` only), eventually
 * consistent, so a new name shows within a second or so of `updateMyProfile` (data-model.md, display
 * names on boards). At most one key a row of the page (100), whatever the board's size.
 */
export function profilesRequest(table: string, rows: NamedRow[]): DynamoDBBatchGetItemRequest {
  const keys: ItemKey[] = rows.map((row) => PROFILE.key(row[0]));
  return {
    operation: 'BatchGetItem',
    tables: {
      [table]: {
        keys: keys.map((key) => util.dynamodb.toMapValues(key)),
        projection: projection(['id', 'displayName']),
      },
    },
  };
}

/** The rows with each player's name now (a profile not returned leaves the row's name as built). */
export function renamedRows<Row extends NamedRow>(rows: Row[], profiles: (ProfileItem | null)[]): Row[] {
  const names: Record<string, string> = {};
  profiles.forEach((profile) => {
    if (profile) names[profile.id] = profile.displayName;
  });
  return rows.map((row) => {
    const name = names[row[0]];
    if (name === undefined || name === row[1]) return row;
    const copy = [...row] as Row;
    copy[1] = name;
    return copy;
  });
}
