/**
 * The `@aws-appsync/utils/dynamodb` module: builds DynamoDB data-source requests.
 * Update expressions match AWS's evaluated output (`SET #expName_1 = :expValue_1`, increments as
 * `SET #expName_1 = #expName_1 + :expValue_1`, null values SET to `{ NULL: null }`). The naming of key
 * conditions, projections and conditions follows util.transform's style: a guess where AWS shows no example.
 */
import { toDynamoDB, toMapValues, type Typed } from './dynamodb.ts';
import { buildFilterExpression, type DynamoExpression } from './transform.ts';

type Obj = Record<string, unknown>;

/**
 * The objects `operations.*` return, in the shape AWS's EvaluateCode prints (the runtime reference's
 * "Recorded outputs"): `add`/`replace` carry `value`, `append`/`prepend` carry `items`,
 * `increment`/`decrement` carry `by`. `remove` and `updateListItem` follow the same naming *(guess)*.
 */
interface Operation {
  type: string;
  value?: unknown;
  items?: unknown;
  by?: number;
  index?: number;
}

const OPERATION_TYPES = new Set([
  'OPERATION_ADD',
  'OPERATION_REMOVE',
  'OPERATION_REPLACE',
  'OPERATION_INCREMENT',
  'OPERATION_DECREMENT',
  'OPERATION_APPEND',
  'OPERATION_PREPEND',
  'OPERATION_UPDATE_LIST_ITEM',
]);

const isOperation = (v: unknown): v is Operation =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && OPERATION_TYPES.has((v as Operation).type);

const stepBy = (by: unknown): number => (by === undefined || by === null ? 1 : Number(by));

export const operations = {
  add: (value: unknown): Operation => ({ type: 'OPERATION_ADD', value }),
  remove: (): Operation => ({ type: 'OPERATION_REMOVE' }),
  replace: (value: unknown): Operation => ({ type: 'OPERATION_REPLACE', value }),
  increment: (by?: unknown): Operation => ({ by: stepBy(by), type: 'OPERATION_INCREMENT' }),
  decrement: (by?: unknown): Operation => ({ by: stepBy(by), type: 'OPERATION_DECREMENT' }),
  append: (items: unknown): Operation => ({ items, type: 'OPERATION_APPEND' }),
  prepend: (items: unknown): Operation => ({ items, type: 'OPERATION_PREPEND' }),
  updateListItem: (value: unknown, index: unknown): Operation => ({
    type: 'OPERATION_UPDATE_LIST_ITEM',
    value,
    index: Number(index),
  }),
};

class UpdateBuilder {
  set: string[] = [];
  remove: string[] = [];
  add: string[] = [];
  names: Record<string, string> = {};
  values: Record<string, Typed> = {};
  private nameCount = 0;
  private valueCount = 0;
  private nameFor = new Map<string, string>();

  name(attr: string): string {
    let placeholder = this.nameFor.get(attr);
    if (!placeholder) {
      this.nameCount += 1;
      placeholder = `#expName_${this.nameCount}`;
      this.nameFor.set(attr, placeholder);
      this.names[placeholder] = attr;
    }
    return placeholder;
  }

  value(v: unknown): string {
    this.valueCount += 1;
    const placeholder = `:expValue_${this.valueCount}`;
    this.values[placeholder] = toDynamoDB(v);
    return placeholder;
  }

  walk(update: Obj, path: string[]): void {
    for (const [attr, v] of Object.entries(update)) {
      if (v === undefined) continue;
      const p = [...path, this.name(attr)].join('.');
      if (Array.isArray(v) && v.length > 0 && v.some(isOperation)) this.listItems(p, v);
      else if (isOperation(v)) this.operation(p, v);
      else if (v !== null && typeof v === 'object' && !Array.isArray(v))
        this.walk(v as Obj, [...path, this.name(attr)]);
      else this.set.push(`${p} = ${this.value(v)}`);
    }
  }

  /** `attr: [operations.updateListItem(v, i), ...]` (AWS's documented way to set items of a list). */
  listItems(p: string, ops: unknown[]): void {
    for (const op of ops) {
      if (!isOperation(op) || op.type !== 'OPERATION_UPDATE_LIST_ITEM') {
        throw new Error('update: a list that holds an operation may only hold operations.updateListItem(...)');
      }
      this.operation(p, op);
    }
  }

  operation(p: string, op: Operation): void {
    switch (op.type) {
      case 'OPERATION_ADD':
      case 'OPERATION_REPLACE':
        this.set.push(`${p} = ${this.value(op.value)}`);
        break;
      case 'OPERATION_REMOVE':
        this.remove.push(p);
        break;
      case 'OPERATION_INCREMENT':
        this.set.push(`${p} = ${p} + ${this.value(op.by)}`);
        break;
      case 'OPERATION_DECREMENT':
        this.set.push(`${p} = ${p} - ${this.value(op.by)}`);
        break;
      case 'OPERATION_APPEND':
        this.set.push(`${p} = list_append(${p}, ${this.value(op.items)})`);
        break;
      case 'OPERATION_PREPEND':
        this.set.push(`${p} = list_append(${this.value(op.items)}, ${p})`);
        break;
      case 'OPERATION_UPDATE_LIST_ITEM':
        this.set.push(`${p}[${op.index}] = ${this.value(op.value)}`);
        break;
      default:
        throw new Error(`Unknown update operation '${op.type}'`);
    }
  }

  build(): DynamoExpression {
    const clauses: string[] = [];
    if (this.set.length) clauses.push(`SET ${this.set.join(', ')}`);
    if (this.remove.length) clauses.push(`REMOVE ${this.remove.join(', ')}`);
    if (this.add.length) clauses.push(`ADD ${this.add.join(', ')}`);
    const out: DynamoExpression = { expression: clauses.join(' '), expressionNames: this.names };
    if (Object.keys(this.values).length) out.expressionValues = this.values;
    return out;
  }
}

export function buildUpdateExpression(update: unknown): DynamoExpression {
  const b = new UpdateBuilder();
  b.walk((update ?? {}) as Obj, []);
  return b.build();
}

/** `['id', 'a.b[1]']` → `{ expression: '#projection_0, #projection_1.#projection_2[1]', expressionNames }`. */
export function buildProjection(projection: unknown): DynamoExpression | undefined {
  if (!Array.isArray(projection) || projection.length === 0) return undefined;
  const names: Record<string, string> = {};
  const byName = new Map<string, string>();
  const nameFor = (attr: string) => {
    let p = byName.get(attr);
    if (!p) {
      p = `#projection_${byName.size}`;
      byName.set(attr, p);
      names[p] = attr;
    }
    return p;
  };
  const paths = projection.map((path) =>
    String(path)
      .split('.')
      .map((part) => {
        const m = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
        return m ? nameFor(m[1]) + m[2] : nameFor(part);
      })
      .join('.'),
  );
  return { expression: paths.join(', '), expressionNames: names };
}

const KEY_OPS: Record<string, string> = { eq: '=', lt: '<', le: '<=', gt: '>', ge: '>=' };

export function buildKeyCondition(query: unknown): DynamoExpression {
  const names: Record<string, string> = {};
  const values: Record<string, Typed> = {};
  const parts: string[] = [];
  for (const [field, ops] of Object.entries((query ?? {}) as Obj)) {
    if (ops === null || typeof ops !== 'object') continue;
    const n = `#${field}`;
    names[n] = field;
    for (const [op, v] of Object.entries(ops as Obj)) {
      if (v === undefined || v === null) continue;
      const val = (suffix: string, x: unknown) => {
        const placeholder = `:${field}_${suffix}`;
        values[placeholder] = toDynamoDB(x);
        return placeholder;
      };
      if (op in KEY_OPS) parts.push(`${n} ${KEY_OPS[op]} ${val(op, v)}`);
      else if (op === 'beginsWith') parts.push(`begins_with(${n}, ${val(op, v)})`);
      else if (op === 'between') {
        const [a, b] = v as unknown[];
        parts.push(`${n} BETWEEN ${val('between_0', a)} AND ${val('between_1', b)}`);
      } else throw new Error(`Unsupported key condition operator '${op}' on '${field}'`);
    }
  }
  return { expression: parts.join(' AND '), expressionNames: names, expressionValues: values };
}

function withOptional(target: Obj, source: Obj, keys: string[]): Obj {
  for (const k of keys) {
    if (source[k] !== undefined && source[k] !== null) target[k] = source[k];
  }
  return target;
}

function condition(c: unknown): DynamoExpression | undefined {
  return buildFilterExpression(c) ?? undefined;
}

function withCondition(target: Obj, c: unknown): Obj {
  const expr = condition(c);
  if (expr) target.condition = expr;
  return target;
}

const SYNC_OPTIONS = ['customPartitionKey', 'populateIndexFields', '_version'];

export function get(input: Obj): Obj {
  const out: Obj = { operation: 'GetItem', key: toMapValues(input.key) };
  withOptional(out, input, ['consistentRead']);
  const projection = buildProjection(input.projection);
  if (projection) out.projection = projection;
  return out;
}

export function put(input: Obj): Obj {
  const out: Obj = { operation: 'PutItem', key: toMapValues(input.key), attributeValues: toMapValues(input.item) };
  withCondition(out, input.condition);
  return withOptional(out, input, SYNC_OPTIONS);
}

export function update(input: Obj): Obj {
  const out: Obj = {
    operation: 'UpdateItem',
    key: toMapValues(input.key),
    update: buildUpdateExpression(input.update),
  };
  withCondition(out, input.condition);
  return withOptional(out, input, SYNC_OPTIONS);
}

export function remove(input: Obj): Obj {
  const out: Obj = { operation: 'DeleteItem', key: toMapValues(input.key) };
  withCondition(out, input.condition);
  return withOptional(out, input, SYNC_OPTIONS);
}

function readOptions(out: Obj, input: Obj): Obj {
  withOptional(out, input, [
    'index',
    'nextToken',
    'limit',
    'scanIndexForward',
    'consistentRead',
    'select',
    'segment',
    'totalSegments',
  ]);
  const filter = buildFilterExpression(input.filter);
  if (filter) out.filter = filter;
  const projection = buildProjection(input.projection);
  if (projection) out.projection = projection;
  return out;
}

export function query(input: Obj): Obj {
  return readOptions({ operation: 'Query', query: buildKeyCondition(input.query) }, input);
}

export function scan(input: Obj): Obj {
  return readOptions({ operation: 'Scan' }, input ?? {});
}

export function sync(input: Obj): Obj {
  const out: Obj = { operation: 'Sync' };
  withOptional(out, input ?? {}, ['basePartitionKey', 'deltaIndexName', 'limit', 'nextToken', 'lastSync']);
  const filter = buildFilterExpression(input?.filter);
  if (filter) out.filter = filter;
  return out;
}

export function batchGet(input: Obj): Obj {
  const tables: Obj = {};
  for (const [table, spec] of Object.entries((input.tables ?? {}) as Record<string, Obj>)) {
    const t: Obj = { keys: ((spec.keys ?? []) as unknown[]).map(toMapValues) };
    withOptional(t, spec, ['consistentRead']);
    const projection = buildProjection(spec.projection);
    if (projection) t.projection = projection;
    tables[table] = t;
  }
  return { operation: 'BatchGetItem', tables };
}

function batchOf(operation: string, input: Obj): Obj {
  const tables: Obj = {};
  for (const [table, rows] of Object.entries((input.tables ?? {}) as Record<string, unknown[]>)) {
    tables[table] = rows.map(toMapValues);
  }
  return { operation, tables };
}

export const batchPut = (input: Obj): Obj => batchOf('BatchPutItem', input);
export const batchDelete = (input: Obj): Obj => batchOf('BatchDeleteItem', input);

export function transactGet(input: Obj): Obj {
  const transactItems = ((input.items ?? []) as Obj[]).map((item) => {
    const out: Obj = { table: item.table, key: toMapValues(item.key) };
    const projection = buildProjection(item.projection);
    if (projection) out.projection = projection;
    return out;
  });
  return { operation: 'TransactGetItems', transactItems };
}

export function transactWrite(input: Obj): Obj {
  const transactItems = ((input.items ?? []) as Obj[]).map((entry) => {
    if (entry.putItem) {
      const p = entry.putItem as Obj;
      return withCondition(
        { table: p.table, operation: 'PutItem', key: toMapValues(p.key), attributeValues: toMapValues(p.item) },
        p.condition,
      );
    }
    if (entry.updateItem) {
      const u = entry.updateItem as Obj;
      return withCondition(
        { table: u.table, operation: 'UpdateItem', key: toMapValues(u.key), update: buildUpdateExpression(u.update) },
        u.condition,
      );
    }
    if (entry.deleteItem) {
      const d = entry.deleteItem as Obj;
      return withCondition({ table: d.table, operation: 'DeleteItem', key: toMapValues(d.key) }, d.condition);
    }
    if (entry.conditionCheck) {
      const c = entry.conditionCheck as Obj;
      return withCondition({ table: c.table, operation: 'ConditionCheck', key: toMapValues(c.key) }, c.condition);
    }
    throw new Error('transactWrite items need one of putItem, updateItem, deleteItem, conditionCheck');
  });
  return { operation: 'TransactWriteItems', transactItems };
}

export const dynamodbModule = {
  get,
  put,
  update,
  remove,
  query,
  scan,
  sync,
  batchGet,
  batchPut,
  batchDelete,
  transactGet,
  transactWrite,
  toStringSet: (list: unknown[]) => ({ SS: list.map(String) }),
  toNumberSet: (list: unknown[]) => ({ NS: list.map(String) }),
  toBinarySet: (list: unknown[]) => ({ BS: list.map(String) }),
  operations,
};
