/**
 * What a run would cost on AWS, per partition key value: the scorer's DynamoDB client is wrapped, and
 * every successful request it sends is charged by DynamoDB's rules (amplify/functions/score-event/capacity.ts)
 * to the partition key values it touches, of the table and of the GSI. Item sizes come from a shadow
 * copy of the table: seeded with what the benchmark loaded, kept up to date by applying each write
 * (the scorer's updates are `SET` lists of assignments and increments: setUpdate in expressions.ts, the
 * league tables' entries; anything else is refused rather than guessed). Failed conditional writes are
 * not charged (AWS charges them too: the model is a lower bound on those). Per-partition limits: about 1,000 WCU/s and 3,000 RCU/s a key value.
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type UpdateItemCommandInput,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { fromAttributes, type Item } from '../amplify/functions/score-event/attributes.ts';
import {
  indexPartition,
  itemSize,
  readUnits,
  tablePartition,
  writeCharges,
  type Charge,
} from '../amplify/functions/score-event/capacity.ts';
import { TABLE, keyId, type ItemKey } from '@pickem/domain/entities/table';

/** What the model reads of an UpdateItem, alone or in a transaction. */
type UpdateInput = Pick<
  UpdateItemCommandInput,
  'Key' | 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

export const PARTITION_WCU_PER_SECOND = 1000;
export const PARTITION_RCU_PER_SECOND = 3000;

export interface CapacityTotals {
  wcu: number;
  rcu: number;
  /** The partition key value whose WCU/1000 + RCU/3000 is largest. */
  hottestKey: string;
  hottestKeyWcu: number;
  hottestKeyRcu: number;
  /** Seconds the hottest key needs at AWS's per-partition limits. */
  modeledAwsSeconds: number;
}

export function createCapacityModel(seed: Item[]) {
  const images = new Map<string, Item>(seed.map((item) => [keyId(item as ItemKey), item]));
  let wcu = new Map<string, number>();
  let rcu = new Map<string, number>();
  const charge = (to: Map<string, number>, c: Charge) => to.set(c.partition, (to.get(c.partition) ?? 0) + c.units);

  const write = (key: Record<string, AttributeValue>, after: Item | undefined, transactional: boolean) => {
    const id = keyId(fromAttributes(key) as ItemKey);
    const before = images.get(id);
    for (const c of writeCharges(before, after, transactional)) charge(wcu, c);
    if (after) images.set(id, after);
    else images.delete(id);
  };
  const applyUpdate = (u: UpdateInput, transactional: boolean) => {
    const before = images.get(keyId(fromAttributes(u.Key!) as ItemKey));
    write(u.Key!, applied(before ?? fromAttributes(u.Key!), u), transactional);
  };
  const readItems = (items: Item[], partition: string, consistent: boolean, summed: boolean) => {
    if (summed)
      charge(rcu, {
        partition,
        units: readUnits(
          items.reduce((n, i) => n + itemSize(i), 0),
          { consistent },
        ),
      });
    else for (const i of items) charge(rcu, { partition, units: readUnits(itemSize(i), { consistent }) });
  };

  const account = (command: unknown, output: Record<string, unknown>) => {
    if (command instanceof TransactWriteItemsCommand) {
      for (const t of command.input.TransactItems ?? []) {
        if (t.Update) applyUpdate(t.Update, true);
        else if (t.Put) write(keyOf(t.Put.Item!), fromAttributes(t.Put.Item!), true);
        else if (t.Delete) write(t.Delete.Key!, undefined, true);
        else if (t.ConditionCheck)
          charge(rcu, { partition: tablePartition(fromAttributes(t.ConditionCheck.Key!)[TABLE.pk]), units: 2 });
      }
    } else if (command instanceof UpdateItemCommand) {
      applyUpdate(command.input, false);
    } else if (command instanceof PutItemCommand) {
      write(keyOf(command.input.Item!), fromAttributes(command.input.Item!), false);
    } else if (command instanceof DeleteItemCommand) {
      write(command.input.Key!, undefined, false);
    } else if (command instanceof BatchWriteItemCommand) {
      // Only the requests DynamoDB processed: the unprocessed ones come back and are sent again.
      const unprocessed = new Set(
        Object.values((output.UnprocessedItems ?? {}) as Record<string, WriteRequest[]>)
          .flat()
          .map((r) =>
            keyId(fromAttributes(r.PutRequest ? keyOf(r.PutRequest.Item!) : r.DeleteRequest!.Key!) as ItemKey),
          ),
      );
      for (const r of Object.values(command.input.RequestItems ?? {}).flat()) {
        const key = r.PutRequest ? keyOf(r.PutRequest.Item!) : r.DeleteRequest!.Key!;
        if (unprocessed.has(keyId(fromAttributes(key) as ItemKey))) continue;
        write(key, r.PutRequest ? fromAttributes(r.PutRequest.Item!) : undefined, false);
      }
    } else if (command instanceof GetItemCommand) {
      const item = output.Item as Record<string, AttributeValue> | undefined;
      const key = fromAttributes(command.input.Key!);
      charge(rcu, {
        partition: tablePartition(key[TABLE.pk]),
        units: readUnits(item ? itemSize(fromAttributes(item)) : 0, {
          consistent: command.input.ConsistentRead === true,
        }),
      });
    } else if (command instanceof BatchGetItemCommand) {
      const consistent = Object.values(command.input.RequestItems ?? {}).every((r) => r.ConsistentRead === true);
      for (const items of Object.values((output.Responses ?? {}) as Record<string, Record<string, AttributeValue>[]>)) {
        for (const raw of items) {
          const item = fromAttributes(raw);
          readItems([item], tablePartition(item[TABLE.pk]), consistent, false);
        }
      }
    } else if (command instanceof QueryCommand) {
      const items = ((output.Items ?? []) as Record<string, AttributeValue>[]).map(fromAttributes);
      const onIndex = command.input.IndexName !== undefined;
      readItems(items, queriedPartition(command.input, onIndex), command.input.ConsistentRead === true, true);
    } else {
      throw new Error(`The capacity model does not know ${(command as object).constructor.name}`);
    }
  };

  return {
    /** Applies a write made outside the measured client (an admin's correction) to the shadow copy, uncharged. */
    put(item: Item) {
      images.set(keyId(item as ItemKey), item);
    },
    /** The same client, every successful request charged. */
    wrap(client: DynamoDBClient): DynamoDBClient {
      const send = client.send.bind(client) as (command: unknown) => Promise<Record<string, unknown>>;
      const wrapped = Object.create(client) as DynamoDBClient;
      wrapped.send = (async (command: unknown) => {
        const output = await send(command);
        account(command, output);
        return output;
      }) as DynamoDBClient['send'];
      return wrapped;
    },
    /** The charges since the last reset (or the start), and resets them. */
    take(): CapacityTotals {
      const keys = new Set([...wcu.keys(), ...rcu.keys()]);
      let hottest = { key: '', wcu: 0, rcu: 0, seconds: -1 };
      for (const key of keys) {
        const w = wcu.get(key) ?? 0;
        const r = rcu.get(key) ?? 0;
        const seconds = w / PARTITION_WCU_PER_SECOND + r / PARTITION_RCU_PER_SECOND;
        if (seconds > hottest.seconds) hottest = { key, wcu: w, rcu: r, seconds };
      }
      const totals = {
        wcu: [...wcu.values()].reduce((a, b) => a + b, 0),
        rcu: [...rcu.values()].reduce((a, b) => a + b, 0),
        hottestKey: hottest.key,
        hottestKeyWcu: hottest.wcu,
        hottestKeyRcu: hottest.rcu,
        modeledAwsSeconds: Math.max(0, hottest.seconds),
      };
      wcu = new Map();
      rcu = new Map();
      return totals;
    },
  };
}

function keyOf(item: Record<string, AttributeValue>): Record<string, AttributeValue> {
  return { [TABLE.pk]: item[TABLE.pk], [TABLE.sk]: item[TABLE.sk] };
}

/**
 * The image after a `SET` update of assignments (`#a = :a`, or into a map: `#t.#u = :v`),
 * increments (`#n = #n + :one`, the league tables' version) and first values (`#a = if_not_exists(#a, :v)`,
 * a belt result's toldAt).
 */
function applied(before: Item, u: UpdateInput): Item {
  const expression = u.UpdateExpression ?? '';
  if (!expression.startsWith('SET ')) throw new Error(`The capacity model reads only SET updates: ${expression}`);
  const values = fromAttributes(u.ExpressionAttributeValues ?? {});
  const after: Item = { ...before };
  // Commas inside if_not_exists(…) are not between assignments.
  const parts = expression.slice(4).split(/,(?![^(]*\))/);
  for (const raw of parts) {
    const first = /^\s*(#\w+)\s*=\s*if_not_exists\(\s*(#\w+)\s*,\s*(:\w+)\s*\)\s*$/.exec(raw);
    if (first && first[1] === first[2]) {
      const name = u.ExpressionAttributeNames![first[1]];
      after[name] = after[name] ?? values[first[3]];
      continue;
    }
    const part = raw;
    const m = /^\s*(#\w+(?:\.#\w+)*)\s*=\s*(?:(#\w+)\s*\+\s*)?(:\w+)\s*$/.exec(part);
    if (!m || (m[2] !== undefined && m[2] !== m[1]))
      throw new Error(`The capacity model reads only assignments and increments: ${part}`);
    const path = m[1].split('.').map((alias) => u.ExpressionAttributeNames![alias]);
    let into = after;
    for (const name of path.slice(0, -1)) into = into[name] = { ...(into[name] as Item) };
    const last = path[path.length - 1];
    into[last] = m[2] === undefined ? values[m[3]] : (into[last] as number) + (values[m[3]] as number);
  }
  return after;
}

/** The partition key value a Query names (the value its key condition gives the partition key). */
function queriedPartition(input: QueryCommand['input'], onIndex: boolean): string {
  const names = input.ExpressionAttributeNames ?? {};
  const pkName = onIndex ? TABLE.gsiPk : TABLE.pk;
  const alias = Object.keys(names).find((a) => names[a] === pkName);
  const m = alias ? new RegExp(`${alias}\\s*=\\s*(:\\w+)`).exec(input.KeyConditionExpression ?? '') : null;
  if (!m) throw new Error(`The capacity model cannot find the partition of ${input.KeyConditionExpression}`);
  const value = fromAttributes(input.ExpressionAttributeValues ?? {})[m[1]];
  return onIndex ? indexPartition(value) : tablePartition(value);
}
