import type { TableDefinition } from 'appsync-cloud';
import { TABLE } from '@pickem/domain/entities/table';

/**
 * The single Pick'Em table: a partition key and a sort key plus one GSI, and TTL on TABLE.ttl. Read by the
 * cloud stack and the local runtime.
 */
export const pickemTable: TableDefinition = {
  name: 'PickEm',
  partitionKey: TABLE.pk,
  sortKey: TABLE.sk,
  indexes: [{ name: TABLE.index, partitionKey: TABLE.gsiPk, sortKey: TABLE.gsiSk }],
  timeToLiveAttribute: TABLE.ttl,
};
