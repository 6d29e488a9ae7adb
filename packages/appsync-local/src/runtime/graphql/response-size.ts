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
 *
 * Introspection is sized the same way, before graphql-js builds it: `__schema` and `__type` and the
 * fields of the introspection types are worked out by graphql-js's own resolvers of those fields
 * (pure functions of the schema and the field's arguments), one value at a time.
 */
import {
  getArgumentValues,
  getNamedType,
  isIntrospectionType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
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
  /** The operation's coerced variables, for the arguments of introspection fields (`includeDeprecated`). */
  variables?: Record<string, unknown>;
}

class OverBudget extends Error {}

/** What a value of one output type is walked as: a list of `item`, or a value of `named`. */
interface TypeShape {
  item: TypeShape | null;
  named: GraphQLNamedType;
  leaf: boolean;
}

const typeShapes = new WeakMap<GraphQLOutputType, TypeShape>();

function shapeOf(type: GraphQLOutputType): TypeShape {
  let shape = typeShapes.get(type);
  if (!shape) {
    const inner = isNonNullType(type) ? type.ofType : type;
    const named = getNamedType(inner);
    shape = { item: isListType(inner) ? shapeOf(inner.ofType) : null, named, leaf: isLeafType(named) };
    typeShapes.set(type, shape);
  }
  return shape;
}

/**
 * An object's selection worked out once for one object type (or an abstract type whose concrete type
 * is unknown): the bytes of its keys and of the values it does not walk (`__typename`, unknown fields,
 * fields with a resolver of their own), and the fields whose values it walks.
 */
interface ObjectPlan {
  fixed: number;
  fields: PlannedField[];
}

interface PlannedField {
  name: string;
  shape: TypeShape;
  sets: readonly (SelectionSetNode | undefined)[];
  /** An introspection field: its value is graphql-js's resolver's, with the node's arguments. */
  computed?: { field: GraphQLField<unknown, unknown>; node: FieldNode };
}

/** `__schema` and `__type` on the query type, and every field of the introspection types. */
function introspectionField(
  schema: GraphQLSchema,
  owner: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (owner === schema.getQueryType() && name === '__schema') return SchemaMetaFieldDef;
  if (owner === schema.getQueryType() && name === '__type') return TypeMetaFieldDef;
  return isIntrospectionType(owner) && 'getFields' in owner ? owner.getFields()[name] : undefined;
}

/**
 * Plans by selection set and type, per `hasResolver` (one per API version): a cached document asks for
 * the same selections every time, so a response's items are walked without looking at the query again.
 */
const planCaches = new WeakMap<
  SizeWalk['hasResolver'],
  WeakMap<SelectionSetNode, Map<GraphQLCompositeType, ObjectPlan>>
>();

function objectPlan(
  walk: SizeWalk,
  declared: GraphQLCompositeType,
  concrete: GraphQLObjectType | null,
  sets: readonly (SelectionSetNode | undefined)[],
): ObjectPlan {
  if (sets.length !== 1 || !sets[0]) return buildPlan(walk, declared, concrete, sets);
  let bySet = planCaches.get(walk.hasResolver);
  if (!bySet) planCaches.set(walk.hasResolver, (bySet = new WeakMap()));
  let byType = bySet.get(sets[0]);
  if (!byType) bySet.set(sets[0], (byType = new Map()));
  const owner = concrete ?? declared;
  let plan = byType.get(owner);
  if (!plan) byType.set(owner, (plan = buildPlan(walk, declared, concrete, sets)));
  return plan;
}

function buildPlan(
  walk: SizeWalk,
  declared: GraphQLCompositeType,
  concrete: GraphQLObjectType | null,
  sets: readonly (SelectionSetNode | undefined)[],
): ObjectPlan {
  const plan: ObjectPlan = { fixed: 0, fields: [] };
  const leaves = new Set<string>();
  const selectionOf = (set: SelectionSetNode): void => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        if (!s.selectionSet) {
          if (leaves.has(key)) continue;
          leaves.add(key);
        }
        plan.fixed += key.length + 4;
        if (s.name.value === '__typename') {
          plan.fixed += (concrete?.name.length ?? 16) + 2;
          continue;
        }
        const owner = concrete ?? declared;
        const computed = introspectionField(walk.schema, owner, s.name.value);
        if (computed) {
          const shape = shapeOf(computed.type);
          plan.fields.push({
            name: s.name.value,
            shape,
            sets: [s.selectionSet],
            computed: { field: computed, node: s },
          });
          continue;
        }
        const field = 'getFields' in owner ? owner.getFields()[s.name.value] : undefined;
        if (!field || walk.hasResolver(owner.name, s.name.value)) {
          plan.fixed += 4;
          continue;
        }
        plan.fields.push({ name: s.name.value, shape: shapeOf(field.type), sets: [s.selectionSet] });
      } else {
        const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : walk.fragments[s.name.value];
        if (!fragment) continue;
        const condition = fragment.typeCondition?.name.value;
        if (condition && concrete && !applies(walk.schema, condition, concrete)) continue;
        selectionOf(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) if (set) selectionOf(set);
  return plan;
}

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

  const valueOf = (shape: TypeShape, sets: readonly (SelectionSetNode | undefined)[], v: unknown): void => {
    if (v === null || v === undefined) return add(4);
    if (shape.item) {
      add(2);
      if (typeof v !== 'object' || !(Symbol.iterator in v)) return;
      for (const item of v as Iterable<unknown>) {
        add(1);
        valueOf(shape.item, sets, item);
      }
      return;
    }
    if (shape.leaf || typeof v !== 'object') return add(leafBytes(v));
    const named = shape.named as GraphQLCompositeType;
    const plan = objectPlan(walk, named, concreteType(walk.schema, named, v), sets);
    add(2 + plan.fixed);
    for (const field of plan.fields) {
      const own = field.computed ? compute(field.computed, v) : (v as Record<string, unknown>)[field.name];
      valueOf(field.shape, field.sets, own);
    }
  };
  const info = { schema: walk.schema } as GraphQLResolveInfo;
  const compute = ({ field, node }: NonNullable<PlannedField['computed']>, source: unknown): unknown =>
    field.resolve ? field.resolve(source, getArgumentValues(field, node, walk.variables), undefined, info) : undefined;

  try {
    valueOf(shapeOf(type), selectionSets, value);
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
