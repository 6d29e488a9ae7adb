/**
 * Access patterns: every Query over the table is named on its entity (`ENTRY.shard(eventId, shard)`,
 * `EVENT.list()`...) and described here as plain data, its index, key condition and order. Two thin
 * adapters turn a pattern into a request: resolvers/lib/query.ts for the resolvers (APPSYNC_JS) and
 * amplify/functions/score-event/query.ts for the AWS SDK. Plain data and functions only, so APPSYNC_JS
 * runs it as Node does.
 */
import { TABLE } from './table';

/** A condition on the sort key; `placeholder` names its value in the expression. */
export interface SortCondition {
  op: 'begins_with' | '>=';
  value: string;
  placeholder: string;
}

export interface AccessPattern {
  /** The GSI's name, or null for the table itself. */
  index: string | null;
  /** The partition key attribute (the table's or the index's) and the partition read. */
  pkAttribute: string;
  pk: string;
  /** The sort key attribute and an optional condition on it. */
  skAttribute: string;
  sk: SortCondition | null;
  /** Ascending sort key order (DynamoDB's ScanIndexForward). */
  forward: boolean;
}

/** Sort keys that begin with `prefix`. */
export const beginsWith = (prefix: string): SortCondition => ({
  op: 'begins_with',
  value: prefix,
  placeholder: ':prefix',
});

/** Sort keys from `value` on; `placeholder` says what the bound is. */
export const atLeast = (value: string, placeholder: string): SortCondition => ({ op: '>=', value, placeholder });

/** A partition of the table. */
export function onTable(pk: string, sk: SortCondition | null, forward: boolean): AccessPattern {
  return { index: null, pkAttribute: TABLE.pk, pk, skAttribute: TABLE.sk, sk, forward };
}

/** A partition of the GSI. */
export function onIndex(pk: string, sk: SortCondition | null, forward: boolean): AccessPattern {
  return { index: TABLE.index, pkAttribute: TABLE.gsiPk, pk, skAttribute: TABLE.gsiSk, sk, forward };
}

/** A pattern's key condition: the expression with its attribute names and (plain) values. */
export function keyCondition(pattern: AccessPattern) {
  const names: Record<string, string> = { '#pk': pattern.pkAttribute };
  const values: Record<string, string> = { ':pk': pattern.pk };
  const sk = pattern.sk;
  if (sk === null) return { expression: '#pk = :pk', names, values };
  names['#sk'] = pattern.skAttribute;
  values[sk.placeholder] = sk.value;
  const test = sk.op === 'begins_with' ? `begins_with(#sk, ${sk.placeholder})` : `#sk ${sk.op} ${sk.placeholder}`;
  return { expression: `#pk = :pk AND ${test}`, names, values };
}

/** The projection of a keys-only read: the primary key attributes. */
export const KEYS_ONLY = { expression: '#keyPk, #keySk', names: { '#keyPk': TABLE.pk, '#keySk': TABLE.sk } };
