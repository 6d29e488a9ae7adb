/** The seasons an event counts in: its calendar year, and every named season whose window contains its date. */
import type { EventItem } from '@pickem/domain/entities/event';
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { STANDING } from '@pickem/domain/entities/standing';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import type { Store } from './store.ts';

/**
 * Season ids, calendar year first, read strongly consistent. A season's window cannot change over an
 * event once it has gone live (writeSeason refuses), so every pass of a live event finds the same seasons.
 */
export async function eventSeasons(store: Store, event: EventItem): Promise<string[]> {
  const calendar = STANDING.seasonIdOf(event.season);
  if (calendar === null) throw new Error(`Event ${event.id} has an invalid season: ${event.season}`);
  const named = ((await store.query(SEASON.all())) as unknown as SeasonItem[])
    .filter((s) => s.id !== calendar && SEASON.contains(s, event.date))
    .map((s) => s.id)
    .sort();
  // A player's prediction and one standing per season share a transaction of at most 100 items.
  if (named.length + 2 > MAX_TRANSACT_ITEMS)
    throw new Error(
      `Event ${event.id} lies in ${named.length + 1} seasons; at most ${MAX_TRANSACT_ITEMS - 1} fit a player's transaction`,
    );
  return [calendar, ...named];
}
