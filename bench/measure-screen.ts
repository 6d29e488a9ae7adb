/** One screen's DynamoDB cost as the local runtime's data source sees it (ReturnConsumedCapacity). */
import { graphqlData, type DynamoDbRequestEvent } from 'appsync-local';
import type { BenchTarget } from './target.ts';

export interface ScreenCost {
  screen: string;
  players: number;
  requests: number;
  rcu: number;
  itemsRead: number;
  itemsReturned: number;
}

/** One screen's query as `token` sends it, with the DynamoDB requests it made. */
export async function measureScreen(
  target: BenchTarget,
  token: string,
  screen: string,
  players: number,
  query: string,
  vars: Record<string, unknown>,
): Promise<ScreenCost> {
  const seen: DynamoDbRequestEvent[] = [];
  target.observe((event) => seen.push(event));
  await graphqlData(target.url, token, query, vars);
  target.observe(null);
  return {
    screen,
    players,
    requests: seen.length,
    rcu: seen.reduce((sum, e) => sum + e.consumedRcu, 0),
    itemsRead: seen.reduce((sum, e) => sum + e.itemsRead, 0),
    itemsReturned: seen.reduce((sum, e) => sum + e.itemsReturned, 0),
  };
}
