/**
 * Writes the rank buckets (domain/entities/season-ranks.ts) of every season that has a board, from
 * the board as stored: once, after deploying the buckets, for the seasons scored before them (a
 * profile ranks a standing whose season has no bucket as 1, until the season's next final pass).
 * Safe to run again at any time. The table: TABLE_NAME (scripts/backfill-store.ts).
 *   TABLE_NAME=<table> npx tsx scripts/season-ranks-backfill.ts
 */
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { backfillSeasonRanks } from '../amplify/functions/score-event/season-board.ts';
import { withBackfillStore } from './backfill-store.ts';

await withBackfillStore(async (store) => {
  for (const season of (await store.query(SEASON.all())) as unknown as SeasonItem[]) {
    const done = await backfillSeasonRanks(store, season.id);
    console.log(`${season.id}: ${done ? 'rank buckets written' : 'no board'}`);
  }
});
