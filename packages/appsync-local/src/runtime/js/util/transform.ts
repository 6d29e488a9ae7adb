/**
 * util.transform: filter objects (`{ field: { op: value } }`, `and`/`or`/`not`) to DynamoDB filter and
 * condition expressions (returned as JSON strings) and to subscription filters.
 *
 * Shape, as AppSync prints it for `{ title: { contains: 'Hello' } }`:
 * `{"expression":"(contains(#title,:title_contains))","expressionNames":{"#title":"title"},
 *   "expressionValues":{":title_contains":{"S":"Hello"}}}`.
 * Placeholders for nested `and`/`or`/`not` get the path as a prefix (`:or_0_title_eq`): a guess.
 */
import { toDynamoDB, type Typed } from './dynamodb.ts';

export interface DynamoExpression {
  expression: string;
  expressionNames: Record<string, string>;
  expressionValues?: Record<string, Typed>;
}

const COMPARATORS: Record<string, string> = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' };
const ATTRIBUTE_TYPES: Record<string, string> = {
  _null: 'NULL',
  string: 'S',
  stringSet: 'SS',
  number: 'N',
  numberSet: 'NS',
  binary: 'B',
  binarySet: 'BS',
  boolean: 'BOOL',
  list: 'L',
  map: 'M',
};

class Builder {
  names: Record<string, string> = {};
  values: Record<string, Typed> = {};

  name(field: string): string {
    const placeholder = `#${field}`;
    this.names[placeholder] = field;
    return placeholder;
  }

  value(prefix: string[], field: string, op: string, v: unknown): string {
    const placeholder = `:${[...prefix, field, op].join('_')}`;
    this.values[placeholder] = toDynamoDB(v);
    return placeholder;
  }

  /** The conditions of one filter object, to be joined with AND. */
  group(filter: unknown, prefix: string[]): string[] {
    if (filter === null || typeof filter !== 'object') return [];
    const parts: string[] = [];
    for (const [key, val] of Object.entries(filter as Record<string, unknown>)) {
      if (val === null || val === undefined) continue;
      if (key === 'and' || key === 'or') {
        const list = Array.isArray(val) ? val : [val];
        const subs = list
          .map((f, i) => this.group(f, [...prefix, key, String(i)]))
          .filter((p) => p.length > 0)
          .map((p) => (p.length > 1 ? `(${p.join(' AND ')})` : p[0]));
        if (subs.length) parts.push(`(${subs.join(key === 'or' ? ' OR ' : ' AND ')})`);
      } else if (key === 'not') {
        const sub = this.group(val, [...prefix, 'not']);
        if (sub.length) parts.push(`(NOT ${sub.length > 1 ? `(${sub.join(' AND ')})` : sub[0]})`);
      } else {
        const conds = this.field(key, val as Record<string, unknown>, prefix);
        if (conds.length) parts.push(`(${conds.join(' AND ')})`);
      }
    }
    return parts;
  }

  field(field: string, ops: Record<string, unknown>, prefix: string[]): string[] {
    const n = this.name(field);
    const out: string[] = [];
    for (const [op, v] of Object.entries(ops ?? {})) {
      if (v === null || v === undefined) continue;
      if (op in COMPARATORS) out.push(`${n} ${COMPARATORS[op]} ${this.value(prefix, field, op, v)}`);
      else if (op === 'between') {
        const [a, b] = v as unknown[];
        out.push(
          `${n} BETWEEN ${this.value(prefix, field, 'between_0', a)} AND ${this.value(prefix, field, 'between_1', b)}`,
        );
      } else if (op === 'beginsWith') out.push(`begins_with(${n},${this.value(prefix, field, op, v)})`);
      else if (op === 'contains') out.push(`contains(${n},${this.value(prefix, field, op, v)})`);
      else if (op === 'notContains') out.push(`NOT contains(${n},${this.value(prefix, field, op, v)})`);
      else if (op === 'in') {
        const list = (v as unknown[]).map((item, i) => this.value(prefix, field, `in_${i}`, item));
        out.push(`${n} IN (${list.join(',')})`);
      } else if (op === 'attributeExists') out.push(v ? `attribute_exists(${n})` : `attribute_not_exists(${n})`);
      else if (op === 'attributeType') {
        const type = ATTRIBUTE_TYPES[String(v)] ?? String(v);
        out.push(`attribute_type(${n},${this.value(prefix, field, op, type)})`);
      } else if (op === 'size' && typeof v === 'object') {
        for (const [sop, sv] of Object.entries(v as Record<string, unknown>)) {
          if (sop in COMPARATORS)
            out.push(`size(${n}) ${COMPARATORS[sop]} ${this.value(prefix, field, `size_${sop}`, sv)}`);
        }
      } else throw new Error(`Unsupported filter operator '${op}' on field '${field}'`);
    }
    return out;
  }
}

/** Builds the expression object; `null` when the filter has no condition. */
export function buildFilterExpression(filter: unknown): DynamoExpression | null {
  const b = new Builder();
  const parts = b.group(filter, []);
  if (!parts.length) return null;
  const out: DynamoExpression = { expression: parts.join(' AND '), expressionNames: b.names };
  if (Object.keys(b.values).length) out.expressionValues = b.values;
  return out;
}

interface SubscriptionRule {
  fieldName: string;
  operator: string;
  value: unknown;
}

function subscriptionFilters(obj: unknown, ignored: string[]): SubscriptionRule[] {
  const out: SubscriptionRule[] = [];
  for (const [fieldName, ops] of Object.entries((obj ?? {}) as Record<string, unknown>)) {
    if (
      fieldName === 'or' ||
      fieldName === 'and' ||
      ignored.includes(fieldName) ||
      ops === null ||
      typeof ops !== 'object'
    )
      continue;
    for (const [operator, value] of Object.entries(ops as Record<string, unknown>)) {
      out.push({ fieldName, operator, value });
    }
  }
  return out;
}

/** `{ filterGroup: [{ filters: [{ fieldName, operator, value }] }] }`; `or` and `rules` give one group each. */
export function toSubscriptionFilter(obj: unknown, ignoredFields?: unknown, rules?: unknown): unknown {
  const ignored = Array.isArray(ignoredFields) ? ignoredFields.map(String) : [];
  const base = subscriptionFilters(obj, ignored);
  const alternatives: unknown[] = [];
  const or = (obj as Record<string, unknown> | null)?.or;
  if (Array.isArray(or)) alternatives.push(...or);
  if (rules && typeof rules === 'object') {
    for (const [field, ops] of Object.entries(rules)) alternatives.push({ [field]: ops });
  }
  if (!alternatives.length) return { filterGroup: [{ filters: base }] };
  return { filterGroup: alternatives.map((alt) => ({ filters: [...base, ...subscriptionFilters(alt, [])] })) };
}

export const transformUtils = {
  toDynamoDBFilterExpression: (filter: unknown) => JSON.stringify(buildFilterExpression(filter)),
  toDynamoDBConditionExpression: (condition: unknown) => JSON.stringify(buildFilterExpression(condition)),
  toSubscriptionFilter,
};
