/**
 * The Pick'Em table's key attributes, its one GSI and its TTL attribute: the only place they are spelled
 * (amplify/data/table.ts builds the table from these). Free of `@aws-appsync/utils`, so the resolvers
 * (APPSYNC_JS: no padStart, no throw), the scoring function, the tests and the benchmarks share it.
 */

export const TABLE = {
  pk: 'PK',
  sk: 'SK',
  gsiPk: 'GSI_PK',
  gsiSk: 'GSI_SK',
  /** The one GSI (all attributes projected). */
  index: 'GSI',
  /** The TTL attribute: epoch seconds after which DynamoDB deletes the item (an item without it is kept). */
  ttl: 'expiresAt',
} as const;

/**
 * An expression with plain (untyped) values. AppSync merges the placeholders of a request's update and
 * condition into one map and refuses one defined in both, so conditions use names of their own.
 */
export interface Expression {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** Conditions of a write on whether its item is stored already (its partition key is present). */
export const IF_STORED = { expression: `attribute_exists(${TABLE.pk})` };
export const IF_NEW = { expression: `attribute_not_exists(${TABLE.pk})` };

/** Both conditions, each with names and values; placeholders they share must stand for the same thing. */
export function both(a: Required<Expression>, b: Required<Expression>): Required<Expression> {
  return {
    expression: `(${a.expression}) AND (${b.expression})`,
    names: { ...a.names, ...b.names },
    values: { ...a.values, ...b.values },
  };
}

/** An item's primary key. */
export type ItemKey = {
  PK: string;
  SK: string;
};

const ZEROS = '0000000000';

/**
 * Padded widths of a score key, with headroom over what the API allows: points 9 digits, shifted by
 * SCORE_POINTS_OFFSET so that a negative total (lost jokers) sorts below zero; correct 6 digits.
 */
export const SCORE_WIDTH = { points: 9, correct: 6 } as const;
export const SCORE_POINTS_OFFSET = 100000000;

/** A primary key object: of plain strings (an ItemKey), or of DynamoDB attribute values (`{ S: ... }`). */
export function itemKey<V = string>(pk: V, sk: V): { PK: V; SK: V } {
  return { PK: pk, SK: sk };
}

/** The primary key of a stored item, without its other attributes. */
export function keyOf(item: ItemKey): ItemKey {
  return { PK: item.PK, SK: item.SK };
}

/** One string per primary key, for maps and sets. */
export function keyId(key: ItemKey): string {
  return `${key.PK}|${key.SK}`;
}

/**
 * `value` as exactly `width` digits, or null if it is not a non-negative integer that fits: a value
 * too wide for its padding is refused, never silently mis-sorted.
 */
export function padded(value: number, width: number): string | null {
  if (!Number.isInteger(value) || value < 0) return null;
  const digits = `${value}`;
  if (digits.length > width) return null;
  return ZEROS.slice(0, width - digits.length) + digits;
}

/**
 * A score's sort key, `<points>#<correct>#<userId>` with both numbers padded (SCORE_WIDTH): sorted
 * descending, the ranking order (points, then the second key: correct picks or a tie-break's
 * closeness, then user id); null when a number does not fit.
 */
export function scoreSortKey(points: number, correct: number, userId: string): string | null {
  const p = padded(points + SCORE_POINTS_OFFSET, SCORE_WIDTH.points);
  const c = padded(correct, SCORE_WIDTH.correct);
  return p === null || c === null ? null : `${p}#${c}#${userId}`;
}
