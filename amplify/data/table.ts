import type { TableDefinition } from '../../appsync/wiring.ts';
import { ATTR, GSI_NAME } from '../../resolvers/lib/keys.ts';

/** The single Pick'Em table: PK/SK plus one GSI. Read by the cloud stack and the local runtime. */
export const pickemTable: TableDefinition = {
  name: 'PickEm',
  partitionKey: ATTR.pk,
  sortKey: ATTR.sk,
  indexes: [{ name: GSI_NAME, partitionKey: ATTR.gsiPk, sortKey: ATTR.gsiSk }],
};
