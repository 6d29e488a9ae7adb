/** Builds UpdateItem inputs with every attribute name and value aliased (no reserved-word surprises). */
import type { ConditionCheck, Update } from '@aws-sdk/client-dynamodb';
import { toAttributes, type Item } from './attributes.ts';
import type { Key } from './store.ts';

export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Item = {};
  private count = 0;

  name(attribute: string): string {
    const alias = `#n${this.count++}`;
    this.names[alias] = attribute;
    return alias;
  }

  value(v: unknown): string {
    const alias = `:v${this.count++}`;
    this.values[alias] = v;
    return alias;
  }

  /** `a = :x AND b = :y` over every entry of `expected`. */
  equalAll(expected: Item): string {
    return Object.entries(expected)
      .map(([k, v]) => `${this.name(k)} = ${this.value(v)}`)
      .join(' AND ');
  }
}

/** An update that SETs every attribute of `set`, under `condition` (built on the same Expression). */
export function setUpdate(tableName: string, key: Key, set: Item, condition: (e: Expression) => string): Update {
  const e = new Expression();
  const assignments = Object.entries(set).map(([k, v]) => `${e.name(k)} = ${e.value(v)}`);
  const conditionExpression = condition(e);
  return {
    TableName: tableName,
    Key: toAttributes({ ...key }),
    UpdateExpression: `SET ${assignments.join(', ')}`,
    ConditionExpression: conditionExpression,
    ExpressionAttributeNames: e.names,
    ExpressionAttributeValues: toAttributes(e.values),
  };
}

/** A transaction's ConditionCheck of the item at `key`, on `condition` (built on an Expression of its own). */
export function conditionCheck(tableName: string, key: Key, condition: (e: Expression) => string): ConditionCheck {
  const e = new Expression();
  const conditionExpression = condition(e);
  return {
    TableName: tableName,
    Key: toAttributes({ ...key }),
    ConditionExpression: conditionExpression,
    ExpressionAttributeNames: e.names,
    ExpressionAttributeValues: Object.keys(e.values).length > 0 ? toAttributes(e.values) : undefined,
  };
}
