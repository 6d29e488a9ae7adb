/**
 * The size of a response, estimated before graphql-js builds it: when a resolver returns, the JSON
 * bytes its value will take once completed with the query's selection (aliases, fragments and lists
 * multiplied out) are counted, and the walk stops as soon as the budget is passed. A small query can
 * ask for a huge response (one fragment of thousands of aliases spread under every item of a list),
 * so the bound is on what is built, never on the finished text.
 *
 * The estimate is JSON's own arithmetic on each key and value (a string's characters, not its UTF-8
 * bytes or escapes); a field with a resolver of its own counts as `null` here and its value when its
 * resolver returns. A field selected twice under one response key counts once when it is a leaf and
 * twice otherwise (an over-estimate; graphql-js merges the two).
 */
import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

/**
 * AppSync's limit on a query's or mutation's response, 5 MB *(guess: recalled from the "Response size"
 * line of "AWS AppSync endpoints and quotas"; not verified against the page here)*.
 */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/**
 * What a response over the limit answers, as a request-level error with `data: null`. AppSync's
 * errorType for it is not documented: *(guess)*, named like its other limits (`QueryDepthLimitReached`,
 * `ResolverExecutionLimitReached`).
 */
export const responseTooLarge = (limit: number) => ({
  errorType: 'ResponseSizeLimitExceeded',
  message: `The response is larger than the limit of ${limit} bytes.`,
});

export interface SizeWalk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Whether `Type.field` has a resolver of its own (its value is counted when that resolver returns). */
  hasResolver(typeName: string, fieldName: string): boolean;
}

class OverBudget extends Error {}

/**
 * The estimated JSON bytes of `value` completed as `type` with `selectionSets` (the field's merged
 * sub-selections), or a number over `budget` as soon as the walk passes it.
 */
export function estimateBytes(
  walk: SizeWalk,
  type: GraphQLOutputType,
  selectionSets: readonly (SelectionSetNode | undefined)[],
  value: unknown,
  budget: number,
): number {
  let used = 0;
  const add = (n: number) => {
    used += n;
    if (used > budget) throw new OverBudget();
  };

  const valueOf = (t: GraphQLOutputType, sets: readonly (SelectionSetNode | undefined)[], v: unknown): void => {
    if (v === null || v === undefined) return add(4);
    const inner = isNonNullType(t) ? t.ofType : t;
    if (isListType(inner)) {
      add(2);
      if (typeof v !== 'object' || !(Symbol.iterator in v)) return;
      for (const item of v as Iterable<unknown>) {
        add(1);
        valueOf(inner.ofType, sets, item);
      }
      return;
    }
    const named = getNamedType(inner);
    if (isLeafType(named) || typeof v !== 'object') return add(leafBytes(v));
    add(2);
    const concrete = concreteType(walk.schema, named as GraphQLCompositeType, v);
    const leaves = new Set<string>();
    for (const set of sets) if (set) selectionOf(named as GraphQLCompositeType, concrete, set, v as object, leaves);
  };

  const selectionOf = (
    declared: GraphQLCompositeType,
    concrete: GraphQLObjectType | null,
    set: SelectionSetNode,
    source: object,
    leaves: Set<string>,
  ): void => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        if (!s.selectionSet) {
          if (leaves.has(key)) continue;
          leaves.add(key);
        }
        add(key.length + 4);
        if (s.name.value === '__typename') {
          add((concrete?.name.length ?? 16) + 2);
          continue;
        }
        const owner = concrete ?? declared;
        const field = 'getFields' in owner ? owner.getFields()[s.name.value] : undefined;
        if (!field) {
          add(4);
          continue;
        }
        if (walk.hasResolver(owner.name, s.name.value)) {
          add(4);
          continue;
        }
        valueOf(field.type, [s.selectionSet], (source as Record<string, unknown>)[s.name.value]);
      } else {
        const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : walk.fragments[s.name.value];
        if (!fragment) continue;
        const condition = fragment.typeCondition?.name.value;
        if (condition && concrete && !applies(walk.schema, condition, concrete)) continue;
        selectionOf(declared, concrete, fragment.selectionSet, source, leaves);
      }
    }
  };

  try {
    valueOf(type, selectionSets, value);
  } catch (err) {
    if (err instanceof OverBudget) return used;
    throw err;
  }
  return used;
}

function leafBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value).length;
  if (typeof value === 'boolean') return 5;
  // An AWSJSON value given as an object: its own text.
  return JSON.stringify(value)?.length ?? 4;
}

/** The object type a value of an abstract type has, by its `__typename` when it carries one. */
function concreteType(schema: GraphQLSchema, type: GraphQLCompositeType, value: object): GraphQLObjectType | null {
  if (isObjectType(type)) return type;
  const name = (value as { __typename?: unknown }).__typename;
  const found: GraphQLNamedType | undefined = typeof name === 'string' ? schema.getType(name) : undefined;
  return found && isObjectType(found) ? found : null;
}

function applies(schema: GraphQLSchema, condition: string, concrete: GraphQLObjectType): boolean {
  if (condition === concrete.name) return true;
  const type = schema.getType(condition);
  return type !== undefined && isAbstractType(type) && schema.isSubType(type, concrete);
}
