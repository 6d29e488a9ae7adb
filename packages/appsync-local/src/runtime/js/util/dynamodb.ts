/**
 * util.dynamodb: JSON values to DynamoDB typed values the way AppSync writes them: numbers stay JSON
 * numbers (`{ N: 1 }`), arrays become `L` (never sets), null becomes `{ NULL: null }`.
 */

export type Typed = Record<string, unknown>;

export function toDynamoDB(value: unknown): Typed {
  if (value === null || value === undefined) return { NULL: null };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: value };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(toDynamoDB) };
  if (typeof value === 'object') return { M: toMapValues(value) };
  throw new TypeError(`util.dynamodb.toDynamoDB cannot convert a ${typeof value}`);
}

export function toMapValues(value: unknown): Record<string, Typed> {
  const out: Record<string, Typed> = {};
  if (value === null || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined) out[k] = toDynamoDB(v);
  }
  return out;
}

const orNull = <T>(v: unknown, f: (v: any) => T): T | null => (v === null || v === undefined ? null : f(v));

/** Compact JSON, `{"s3":{"key":"foo","bucket":"bar","region":"baz"}}`: AWS's EvaluateCode output (the runtime reference's "Recorded outputs"). */
export function toS3Object(key: unknown, bucket: unknown, region: unknown, version?: unknown): Typed {
  const s3: Record<string, string> = { key: String(key), bucket: String(bucket), region: String(region) };
  if (version !== undefined && version !== null) s3.version = String(version);
  return { S: JSON.stringify({ s3 }) };
}

export function fromS3ObjectJson(value: unknown): unknown {
  const parsed = JSON.parse(String(value)) as { s3?: unknown };
  return parsed.s3 ?? null;
}

export const dynamodbUtils = {
  toDynamoDB,
  toMapValues,
  toString: (v: unknown) => orNull(v, (s) => ({ S: String(s) })),
  toStringSet: (v: unknown) => orNull(v, (l: unknown[]) => ({ SS: l.map(String) })),
  toNumber: (v: unknown) => orNull(v, (n) => ({ N: Number(n) })),
  toNumberSet: (v: unknown) => orNull(v, (l: unknown[]) => ({ NS: l.map(Number) })),
  toBinary: (v: unknown) => orNull(v, (s) => ({ B: String(s) })),
  toBinarySet: (v: unknown) => orNull(v, (l: unknown[]) => ({ BS: l.map(String) })),
  toBoolean: (v: unknown) => orNull(v, (b) => ({ BOOL: Boolean(b) })),
  toNull: () => ({ NULL: null }),
  toList: (v: unknown) => (Array.isArray(v) ? { L: v.map(toDynamoDB) } : null),
  toMap: (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { M: toMapValues(v) } : null),
  toS3Object,
  fromS3ObjectJson,
};
