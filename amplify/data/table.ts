import type { TableDefinition } from '../../appsync/wiring.ts';

/** The single Pick'Em table: PK/SK plus one GSI. Read by the cloud stack and the local runtime. */
export const pickemTable: TableDefinition = {
  name: 'PickEm',
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [{ name: 'GSI', partitionKey: 'GSI_PK', sortKey: 'GSI_SK' }],
};
