import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { TableDefinition } from '../wiring.ts';

export interface TableOptions {
  /** Sandboxes are thrown away: no deletion protection, and the table goes with the stack. */
  sandbox: boolean;
}

/** The cloud table for a TableDefinition (the same object the local runtime creates in DynamoDB Local). */
export function createTable(scope: Construct, definition: TableDefinition, { sandbox }: TableOptions): Table {
  const table = new Table(scope, `${definition.name}Table`, {
    partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
    sortKey: { name: definition.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: !sandbox,
    removalPolicy: sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    timeToLiveAttribute: definition.timeToLiveAttribute,
  });
  for (const index of definition.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
  return table;
}
