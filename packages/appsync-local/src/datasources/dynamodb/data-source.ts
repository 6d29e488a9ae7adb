/**
 * AppSync's DynamoDB data source for APPSYNC_JS resolvers: takes the request object a request handler
 * returned (typed values, `{ N: 5 }`), calls DynamoDB, and gives `ctx.result` as plain JSON in
 * AppSync's shapes, or `ctx.error` as `{ type: 'DynamoDB:<exception>', message }`. Never throws.
 */
import type { DataSourceInvoker, DataSourceOutcome } from '../../runtime/types.ts';
import { batchDeleteItem, batchGetItem, batchPutItem, transactGetItems, transactWriteItems } from './batch.ts';
import { dynamoDbErrorMessage } from './errors.ts';
import type { DynamoDbWire } from './wire.ts';
import { query, scan } from './query.ts';
import { Meter, type Operation } from './request.ts';
import { isRecord } from '../is-record.ts';
import { deleteItem, getItem, putItem, updateItem } from './single.ts';
import { RequestError } from './values.ts';
import { checkTokenKey, INVALID_TOKEN_ERROR, InvalidTokenError } from './next-token.ts';

/** What one data-source call cost, for benchmarks. */
export interface DynamoDbRequestEvent {
  operation: string;
  consumedRcu: number;
  consumedWcu: number;
  /** Items DynamoDB evaluated: ScannedCount for Query/Scan, items found for gets. */
  itemsRead: number;
  /** Items handed to the resolver (after any filter). */
  itemsReturned: number;
}

export interface DynamoDbDataSourceOptions {
  /** Calls to DynamoDB Local (one per runtime: it keeps the connections). */
  wire: DynamoDbWire;
  /** The physical table; batch and transaction requests must name it. */
  tableName: string;
  /** 32 bytes; encrypts pagination tokens. */
  tokenKey: Buffer;
  observer?: (e: DynamoDbRequestEvent) => void;
}

const sync: Operation = async () => {
  throw new RequestError(
    'The Sync operation (Delta Sync with conflict detection) is not supported by the local runtime',
  );
};

const OPERATIONS: Record<string, Operation> = {
  GetItem: getItem,
  PutItem: putItem,
  UpdateItem: updateItem,
  DeleteItem: deleteItem,
  Query: query,
  Scan: scan,
  Sync: sync,
  BatchGetItem: batchGetItem,
  BatchPutItem: batchPutItem,
  BatchDeleteItem: batchDeleteItem,
  TransactGetItems: transactGetItems,
  TransactWriteItems: transactWriteItems,
};

export function createDynamoDbDataSource(opts: DynamoDbDataSourceOptions): DataSourceInvoker {
  checkTokenKey(opts.tokenKey);
  return {
    async invoke(request: unknown): Promise<DataSourceOutcome> {
      const meter = new Meter();
      let operation = 'Unknown';
      try {
        if (!isRecord(request)) {
          throw new RequestError('The request handler must return an object with an "operation" field');
        }
        if (typeof request.operation === 'string') operation = request.operation;
        const run = Object.hasOwn(OPERATIONS, operation) ? OPERATIONS[operation] : undefined;
        if (!run) {
          throw new RequestError(
            `Unsupported operation '${String(request.operation)}'. The DynamoDB data source supports: ${Object.keys(OPERATIONS).join(', ')}`,
          );
        }
        return await run(request, { wire: opts.wire, tableName: opts.tableName, tokenKey: opts.tokenKey, meter });
      } catch (err) {
        return { result: null, error: toDataSourceError(err) };
      } finally {
        try {
          opts.observer?.({
            operation,
            consumedRcu: meter.consumedRcu,
            consumedWcu: meter.consumedWcu,
            itemsRead: meter.itemsRead,
            itemsReturned: meter.itemsReturned,
          });
        } catch {
          // An observer's failure must not change the resolver's outcome.
        }
      }
    },
  };
}

function toDataSourceError(err: unknown): { type: string; message: string } {
  if (err instanceof InvalidTokenError) return { ...INVALID_TOKEN_ERROR };
  if (err instanceof RequestError) return { type: err.type, message: err.message };
  if (err instanceof Error) return { type: `DynamoDB:${err.name}`, message: dynamoDbErrorMessage(err) };
  return { type: 'DynamoDB:UnknownError', message: String(err) };
}
