import { util } from '@aws-appsync/utils';
import { pageSize } from './errors';
import { KEY } from './keys';

interface KeyPart {
  attribute: string;
  value: string;
}

/**
 * The request of every list screen: one page of a partition (optionally of the sort keys that begin
 * with a prefix), highest sort key first, bounded by the page size.
 */
export function descendingPage(
  index: string | null,
  partition: KeyPart,
  prefix: KeyPart | null,
  args: { limit?: number | null; nextToken?: string | null },
) {
  const names: Record<string, string> = { '#pk': partition.attribute };
  const values: Record<string, string> = { ':pk': partition.value };
  if (prefix) {
    names['#sk'] = prefix.attribute;
    values[':prefix'] = prefix.value;
  }
  const request = {
    operation: 'Query',
    query: {
      expression: prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
      expressionNames: names,
      expressionValues: util.dynamodb.toMapValues(values),
    },
    scanIndexForward: false,
    limit: pageSize(args.limit),
    nextToken: args.nextToken ?? null,
  };
  return index ? { ...request, index } : request;
}

/**
 * A player's profile item and season standings: their partition from PROFILE onwards
 * (STANDING#yyyy sorts after PROFILE; PREDICTION#... sorts before it), newest season first.
 */
export function profileAndStandings(userId: string, limit: number, consistentRead: boolean) {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND #sk >= :profile',
      expressionNames: { '#pk': 'PK', '#sk': 'SK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.userPk(userId), ':profile': KEY.profileSk }),
    },
    scanIndexForward: false,
    limit,
    consistentRead,
  };
}
