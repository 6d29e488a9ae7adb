import { util } from '@aws-appsync/utils';
import type { ReignItem, ReignsItem } from '@pickem/domain/entities/belt';
import type { Reign } from '@pickem/domain/schema-types';
import { ERROR } from './errors';

/** A stored reign to the GraphQL Reign. */
export const toReign = (r: ReignItem): Reign => ({
  userId: r.userId,
  displayName: r.displayName,
  wonAt: r.wonAt,
  wonAtName: r.wonAtName,
  defenses: r.defenses,
  endedAt: r.endedAt ?? null,
});

/** The champion: the last reign, while it has not ended. */
export function championOf(item: ReignsItem | null | undefined): Reign | null {
  const reigns = item?.reigns ?? [];
  const last = reigns.length > 0 ? reigns[reigns.length - 1] : null;
  return last && (last.endedAt ?? null) === null ? toReign(last) : null;
}

/** A page of the reigns newest first; the token is the offset of the page's first reign. */
export function lineagePage(item: ReignsItem | null | undefined, size: number, token: string | null | undefined) {
  const newestFirst = (item?.reigns ?? []).slice().reverse();
  let offset = 0;
  if (token !== null && token !== undefined) {
    const digits = '0123456789';
    const valid = token.length > 0 && token.length <= 6 && token.split('').every((c) => digits.indexOf(c) >= 0);
    if (!valid || Number(token) > newestFirst.length)
      util.error('nextToken is not one this field returned', ERROR.validation);
    offset = Number(token);
  }
  const end = offset + size;
  return {
    items: newestFirst.slice(offset, end).map(toReign),
    nextToken: end < newestFirst.length ? `${end}` : null,
  };
}
