/**
 * Gives every league created before league tables its table and its season's listing
 * (amplify/functions/score-event/league-tables.ts, backfillLeagueTable): once, after deploying the
 * tables. Until then such a league reads its members' standings live (as before) and its joins and
 * leaves keep no table. Finds the leagues with a Scan for their type (a one-off: no access pattern
 * lists every league). Safe to run again at any time. The table: TABLE_NAME (scripts/backfill-store.ts).
 *   TABLE_NAME=<table> npx tsx scripts/league-tables-backfill.ts
 */
import { ScanCommand, type ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { LEAGUE } from '@pickem/domain/entities/league';
import { backfillLeagueTable } from '../amplify/functions/score-event/league-tables.ts';
import { withBackfillStore } from './backfill-store.ts';

await withBackfillStore(async (store, client, tableName) => {
  let start: ScanCommandInput['ExclusiveStartKey'];
  let written = 0;
  let seen = 0;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type', '#id': 'id' },
        ExpressionAttributeValues: { ':type': { S: LEAGUE.type } },
        ProjectionExpression: '#id',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      seen += 1;
      if (await backfillLeagueTable(store, item.id.S!)) written += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  console.log(`${seen} leagues: ${written} tables written, the others had theirs`);
});
