/**
 * AppSync's enhanced subscription filters (aws-appsync-real-time-enhanced-filtering.html; extensions-js.html):
 * `{ filterGroup: [{ filters: [{ fieldName, operator, value }] }] }`. A message passes when ANY group
 * passes, and a group passes when ALL its filters do. `fieldName` may name a nested field with dots.
 *
 * Limits, checked when a resolver sets the filter: `in`/`notIn` take at most 5 values, `containsAny`
 * at most 20, a field path at most 5 levels and 256 characters (AppSync's documented restrictions, as
 * the lambda-appsync crate's subscription_filters module restates them); at most 10 groups of at most
 * 5 filters each *(guess)*.
 */

export type Operator =
  | 'eq'
  | 'ne'
  | 'le'
  | 'lt'
  | 'ge'
  | 'gt'
  | 'contains'
  | 'notContains'
  | 'beginsWith'
  | 'in'
  | 'notIn'
  | 'between'
  | 'containsAny';

export interface Filter {
  path: string[];
  operator: Operator;
  value: unknown;
}

/** OR of groups, each an AND of filters. */
export type FilterGroups = Filter[][];

export const FILTER_LIMITS = {
  groups: 10,
  filtersPerGroup: 5,
  inValues: 5,
  containsAnyValues: 20,
  pathDepth: 5,
  pathChars: 256,
};

const OPERATORS = new Set<string>([
  'eq',
  'ne',
  'le',
  'lt',
  'ge',
  'gt',
  'contains',
  'notContains',
  'beginsWith',
  'in',
  'notIn',
  'between',
  'containsAny',
]);

/** Turns a resolver's filter JSON into groups; a string says what is wrong with it. */
export function parseFilter(json: unknown): FilterGroups | string {
  const groups = (json as { filterGroup?: unknown } | null)?.filterGroup;
  if (!Array.isArray(groups)) return 'A subscription filter must be an object with a filterGroup array.';
  if (groups.length > FILTER_LIMITS.groups)
    return `A subscription filter has at most ${FILTER_LIMITS.groups} filter groups.`;
  const out: FilterGroups = [];
  for (const group of groups) {
    const filters = (group as { filters?: unknown } | null)?.filters;
    if (!Array.isArray(filters)) return 'Each filter group must have a filters array.';
    if (filters.length > FILTER_LIMITS.filtersPerGroup)
      return `A filter group has at most ${FILTER_LIMITS.filtersPerGroup} filters.`;
    const parsed: Filter[] = [];
    for (const f of filters) {
      const { fieldName, operator, value } = (f ?? {}) as Record<string, unknown>;
      if (typeof fieldName !== 'string' || fieldName === '') return 'Each filter needs a fieldName.';
      if (typeof operator !== 'string' || !OPERATORS.has(operator))
        return `Unsupported filter operator '${String(operator)}' on field '${fieldName}'.`;
      const path = fieldName.split('.');
      if (path.length > FILTER_LIMITS.pathDepth || fieldName.length > FILTER_LIMITS.pathChars) {
        return `The field path '${fieldName.slice(0, 64)}' is deeper than ${FILTER_LIMITS.pathDepth} levels or longer than ${FILTER_LIMITS.pathChars} characters.`;
      }
      const problem = checkValue(operator as Operator, value, fieldName);
      if (problem) return problem;
      parsed.push({ path, operator: operator as Operator, value });
    }
    out.push(parsed);
  }
  return out;
}

function checkValue(operator: Operator, value: unknown, field: string): string | null {
  if (operator === 'in' || operator === 'notIn') {
    if (!Array.isArray(value) || value.length > FILTER_LIMITS.inValues)
      return `'${operator}' on '${field}' takes a list of at most ${FILTER_LIMITS.inValues} values.`;
  } else if (operator === 'containsAny') {
    if (!Array.isArray(value) || value.length > FILTER_LIMITS.containsAnyValues)
      return `'containsAny' on '${field}' takes a list of at most ${FILTER_LIMITS.containsAnyValues} values.`;
  } else if (operator === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return `'between' on '${field}' takes a list of two values.`;
  } else if (value !== null && typeof value === 'object') {
    return `'${operator}' on '${field}' takes a single value.`;
  }
  return null;
}

function valueAt(data: unknown, path: string[]): unknown {
  let v = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function comparable(a: unknown, b: unknown): boolean {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
}

function test(f: Filter, actual: unknown): boolean {
  const { operator: op, value } = f;
  switch (op) {
    case 'eq':
      return actual === value;
    case 'ne':
      return actual !== value;
    case 'lt':
      return comparable(actual, value) && (actual as number) < (value as number);
    case 'le':
      return comparable(actual, value) && (actual as number) <= (value as number);
    case 'gt':
      return comparable(actual, value) && (actual as number) > (value as number);
    case 'ge':
      return comparable(actual, value) && (actual as number) >= (value as number);
    case 'between': {
      const [low, high] = value as unknown[];
      return (
        comparable(actual, low) &&
        comparable(actual, high) &&
        (actual as number) >= (low as number) &&
        (actual as number) <= (high as number)
      );
    }
    case 'beginsWith':
      return typeof actual === 'string' && typeof value === 'string' && actual.startsWith(value);
    case 'contains':
      return contains(actual, value);
    case 'notContains':
      return !contains(actual, value);
    case 'in':
      return (value as unknown[]).includes(actual);
    case 'notIn':
      return !(value as unknown[]).includes(actual);
    case 'containsAny':
      return Array.isArray(actual) && (value as unknown[]).some((v) => actual.includes(v));
  }
}

/** A substring of a string, or an element of a list. */
function contains(actual: unknown, value: unknown): boolean {
  if (typeof actual === 'string') return typeof value === 'string' && actual.includes(value);
  return Array.isArray(actual) && actual.includes(value);
}

export function matches(groups: FilterGroups, data: unknown): boolean {
  return groups.some((filters) => filters.every((f) => test(f, valueAt(data, f.path))));
}
