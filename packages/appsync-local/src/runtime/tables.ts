/** Creates the declared DynamoDB tables on DynamoDB Local, or checks that an existing one matches its definition. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type KeySchemaElement,
  type TableDescription,
  type TimeToLiveDescription,
} from '@aws-sdk/client-dynamodb';
import type { TableDefinition } from 'appsync-cloud';

/** An existing table whose keys or indexes differ from its definition (e.g. a table kept on disk). */
export class TableMismatchError extends Error {}

/**
 * Creates the table (on-demand billing, string keys, ALL-projection GSIs, TTL on the definition's
 * attribute) unless it exists, and waits until it is ACTIVE. An existing table is kept, with its data, if
 * its keys and indexes are those of the definition (TTL is turned on when the definition has it and the
 * table not yet); otherwise, or when its TTL is on another attribute, this throws a TableMismatchError,
 * at start rather than at the first query.
 */
export async function ensureTable(client: DynamoDBClient, table: TableDefinition): Promise<void> {
  const existing = await describeTable(client, table.name);
  if (existing) {
    const ttl = await describeTimeToLive(client, table.name);
    const problems = [...differences(table, existing), ...timeToLiveDifferences(table, ttl)];
    if (problems.length > 0) {
      throw new TableMismatchError(
        `Table "${table.name}" in DynamoDB Local does not match its definition (${problems.join('; ')}). ` +
          `It was made from an earlier definition: delete the table, or DynamoDB Local's data directory, to recreate it.`,
      );
    }
    await waitActive(client, table.name);
    await enableTimeToLive(client, table, ttl);
    return;
  }
  const keyNames = new Set<string>([table.partitionKey, table.sortKey]);
  for (const index of table.indexes) {
    keyNames.add(index.partitionKey);
    keyNames.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...keyNames].map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  try {
    await client.send(
      new CreateTableCommand({
        TableName: table.name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions,
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes:
          table.indexes.length === 0
            ? undefined
            : table.indexes.map((index) => ({
                IndexName: index.name,
                KeySchema: [
                  { AttributeName: index.partitionKey, KeyType: 'HASH' },
                  { AttributeName: index.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              })),
      }),
    );
  } catch (err) {
    // Another process created it in the meantime.
    if ((err as Error).name !== 'ResourceInUseException') throw err;
  }
  await waitActive(client, table.name);
  await enableTimeToLive(client, table, await describeTimeToLive(client, table.name));
}

/** TTL is on (or being turned on) for an attribute. */
const ttlOn = (ttl: TimeToLiveDescription | undefined) =>
  ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING' ? ttl.AttributeName : undefined;

/** A table whose TTL is on another attribute than the definition's, or on when the definition has none. */
function timeToLiveDifferences(table: TableDefinition, ttl: TimeToLiveDescription | undefined): string[] {
  const on = ttlOn(ttl);
  if (on === undefined || on === table.timeToLiveAttribute) return [];
  return [`TTL is on ${on}, the definition says ${table.timeToLiveAttribute ?? 'none'}`];
}

/** Turns TTL on for the definition's attribute unless it is already. */
async function enableTimeToLive(
  client: DynamoDBClient,
  table: TableDefinition,
  ttl: TimeToLiveDescription | undefined,
): Promise<void> {
  const attribute = table.timeToLiveAttribute;
  if (attribute === undefined || ttlOn(ttl) === attribute) return;
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: table.name,
        TimeToLiveSpecification: { Enabled: true, AttributeName: attribute },
      }),
    );
  } catch (err) {
    // Another process turned it on in the meantime.
    if (ttlOn(await describeTimeToLive(client, table.name)) !== attribute) throw err;
  }
}

async function describeTimeToLive(client: DynamoDBClient, name: string): Promise<TimeToLiveDescription | undefined> {
  return (await client.send(new DescribeTimeToLiveCommand({ TableName: name }))).TimeToLiveDescription;
}

/** How an existing table's keys and indexes differ from its definition; empty when they match. */
function differences(table: TableDefinition, existing: TableDescription): string[] {
  const problems: string[] = [];
  const types = new Map((existing.AttributeDefinitions ?? []).map((a) => [a.AttributeName, a.AttributeType]));
  const compareKeys = (
    where: string,
    wanted: { partitionKey: string; sortKey: string },
    schema: KeySchemaElement[] | undefined,
  ) => {
    for (const [label, keyType, name] of [
      ['partition key', 'HASH', wanted.partitionKey],
      ['sort key', 'RANGE', wanted.sortKey],
    ] as const) {
      const actual = schema?.find((k) => k.KeyType === keyType)?.AttributeName;
      if (actual !== name) problems.push(`${where}: ${label} is ${actual ?? 'missing'}, the definition says ${name}`);
      else if (types.get(name) !== 'S')
        problems.push(`${where}: ${label} ${name} has type ${types.get(name)}, the definition says S`);
    }
  };
  compareKeys('table', table, existing.KeySchema);
  const indexes = new Map((existing.GlobalSecondaryIndexes ?? []).map((i) => [i.IndexName, i]));
  for (const index of table.indexes) {
    const actual = indexes.get(index.name);
    indexes.delete(index.name);
    if (!actual) {
      problems.push(`index ${index.name}: missing`);
      continue;
    }
    compareKeys(`index ${index.name}`, index, actual.KeySchema);
    const projection = actual.Projection?.ProjectionType;
    if (projection !== 'ALL')
      problems.push(`index ${index.name}: projection is ${projection}, the definition says ALL`);
  }
  for (const name of indexes.keys()) problems.push(`index ${name}: not in the definition`);
  for (const index of existing.LocalSecondaryIndexes ?? [])
    problems.push(`local index ${index.IndexName}: not in the definition`);
  return problems;
}

async function tableStatus(client: DynamoDBClient, name: string): Promise<string | undefined> {
  return (await describeTable(client, name))?.TableStatus;
}

async function describeTable(client: DynamoDBClient, name: string): Promise<TableDescription | undefined> {
  try {
    const out = await client.send(new DescribeTableCommand({ TableName: name }));
    return out.Table;
  } catch (err) {
    if (err instanceof ResourceNotFoundException || (err as Error).name === 'ResourceNotFoundException')
      return undefined;
    throw err;
  }
}

async function waitActive(client: DynamoDBClient, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await tableStatus(client, name);
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline)
      throw new Error(`table ${name} is not ACTIVE after ${timeoutMs} ms (status: ${status ?? 'missing'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
