import { startDynamoDbLocal, createDynamoDbClient, ensureTable } from '/work/main/appsync/local/dynamodb-local.ts';
import { PutItemCommand, QueryCommand, GetItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
const t0 = Date.now();
const d = await startDynamoDbLocal({ inMemory: true, port: 18000 });
console.log('started', d.endpoint, Date.now() - t0);
const c = createDynamoDbClient(d.endpoint);
await ensureTable(c, { name: 'Tab', partitionKey: 'PK', sortKey: 'SK', indexes: [{ name: 'GSI', partitionKey: 'GSI_PK', sortKey: 'GSI_SK' }] });
const p = await c.send(new PutItemCommand({ TableName: 'Tab', Item: { PK: { S: 'a' }, SK: { S: 'b' }, n: { N: '1' } }, ReturnConsumedCapacity: 'TOTAL' }));
console.log(JSON.stringify(p.ConsumedCapacity));
const g = await c.send(new GetItemCommand({ TableName: 'Tab', Key: { PK: { S: 'a' }, SK: { S: 'b' } }, ReturnConsumedCapacity: 'TOTAL' }));
console.log(JSON.stringify(g.ConsumedCapacity));
const q = await c.send(new QueryCommand({ TableName: 'Tab', KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': { S: 'a' } }, ReturnConsumedCapacity: 'INDEXES' }));
console.log(JSON.stringify(q.ConsumedCapacity));
try { await c.send(new TransactWriteItemsCommand({ TransactItems: [ { Put: { TableName: 'Tab', Item: { PK: { S: 'x' }, SK: { S: 'y' } } } }, { ConditionCheck: { TableName: 'Tab', Key: { PK: { S: 'a' }, SK: { S: 'b' } }, ConditionExpression: 'attribute_not_exists(PK)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } } ], ReturnConsumedCapacity: 'TOTAL' })); } catch (e: any) { console.log(e.name, e.message, JSON.stringify(e.CancellationReasons)); }
c.destroy();
await d.stop();
console.log('stopped', Date.now() - t0);
