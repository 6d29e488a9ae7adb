/**
 * Bounds on an operation that introspects, checked after validation and before anything runs, as
 * graphql-java's "good faith introspection" does (on by default since graphql-java 22; AppSync runs on
 * graphql-java, but whether its version applies these checks is *(guess)*): `__schema` and `__type`
 * at most once each, the `__Type` fields that close the schema's cycles (`fields`, `inputFields`,
 * `interfaces`, `possibleTypes`) at most once each along the response's paths, and at most
 * INTROSPECTION_MAX_FIELDS fields and INTROSPECTION_MAX_DEPTH levels in the whole operation. The
 * introspection fields also count toward the API's query depth limit. graphql-js resolves
 * introspection with its own resolvers, which the runtime's per-field limits never see: without these
 * bounds, 1,000 aliases of one `__schema` fragment (a 24 KB query) ran `npm start` out of memory.
 */
import {
  getNamedType,
  isCompositeType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { depthLimitReached } from './limits.ts';

/** graphql-java's `GOOD_FAITH_MAX_FIELDS_COUNT` and `GOOD_FAITH_MAX_DEPTH_COUNT`. */
export const INTROSPECTION_MAX_FIELDS = 500;
export const INTROSPECTION_MAX_DEPTH = 20;
/** Fragment spreads and inline fragments walked, besides the fields: a chain of spreads-only fragments is no cheaper. */
const MAX_SELECTIONS_WALKED = 4 * INTROSPECTION_MAX_FIELDS;

const ONCE = new Set(['__Type.fields', '__Type.inputFields', '__Type.interfaces', '__Type.possibleTypes']);
const META_FIELDS = new Set(['__schema', '__type']);

export interface RequestRefusal {
  errorType: string;
  message: string;
}

/** graphql-java's errorType and messages (`GoodFaithIntrospection.BadFaithIntrospectionError`). */
const tooOften = (coordinate: string): RequestRefusal => ({
  errorType: 'BadFaithIntrospection',
  message: `This request is not asking for introspection in good faith - ${coordinate} is present too often!`,
});
const tooBig = (what: string): RequestRefusal => ({
  errorType: 'BadFaithIntrospection',
  message: `This request is not asking for introspection in good faith - the query is too big: ${what}`,
});

export interface IntrospectionCheck {
  /** Whether the operation selects `__schema` or `__type` anywhere. */
  introspects: boolean;
  refusal: RequestRefusal | null;
}

const NONE: IntrospectionCheck = { introspects: false, refusal: null };

/** By operation of a cached document (one engine's): the same query is checked once. */
const checked = new WeakMap<OperationDefinitionNode, IntrospectionCheck>();

export function checkIntrospection(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  queryDepth: number,
): IntrospectionCheck {
  let result = checked.get(operation);
  if (!result) {
    result = mentionsIntrospection(document) ? walk(schema, document, operation, queryDepth) : NONE;
    checked.set(operation, result);
  }
  return result;
}

/** A flat look at every selection set of the document: no fragment is expanded. */
function mentionsIntrospection(document: DocumentNode): boolean {
  const sets: SelectionSetNode[] = [];
  for (const d of document.definitions)
    if (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) sets.push(d.selectionSet);
  for (let set = sets.pop(); set; set = sets.pop()) {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD && META_FIELDS.has(s.name.value)) return true;
      if (s.kind !== Kind.FRAGMENT_SPREAD && s.selectionSet) sets.push(s.selectionSet);
    }
  }
  return false;
}

class Refused extends Error {
  constructor(readonly refusal: RequestRefusal) {
    super(refusal.message);
  }
}

function walk(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  queryDepth: number,
): IntrospectionCheck {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const queryType = schema.getQueryType();
  const pathsOf = new Map<string, Set<string>>();
  let fields = 0;
  let selections = 0;
  let introspects = false;

  const fieldOf = (parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined => {
    if (parent === queryType && name === '__schema') return SchemaMetaFieldDef;
    if (parent === queryType && name === '__type') return TypeMetaFieldDef;
    return 'getFields' in parent ? parent.getFields()[name] : undefined;
  };
  const once = (coordinate: string, path: string) => {
    let paths = pathsOf.get(coordinate);
    if (!paths) pathsOf.set(coordinate, (paths = new Set()));
    paths.add(path);
    if (paths.size > 1) throw new Refused(tooOften(coordinate));
  };

  const visit = (
    set: SelectionSetNode,
    parent: GraphQLCompositeType,
    path: string,
    depth: number,
    inside: boolean,
  ): void => {
    for (const s of set.selections) {
      selections += 1;
      if (selections > MAX_SELECTIONS_WALKED)
        throw new Refused(tooBig(`more than ${MAX_SELECTIONS_WALKED} selections`));
      if (s.kind === Kind.FIELD) {
        fields += 1;
        if (fields > INTROSPECTION_MAX_FIELDS)
          throw new Refused(tooBig(`more than ${INTROSPECTION_MAX_FIELDS} fields`));
        if (depth > INTROSPECTION_MAX_DEPTH) throw new Refused(tooBig(`deeper than ${INTROSPECTION_MAX_DEPTH} levels`));
        const name = s.name.value;
        const meta = parent === queryType && META_FIELDS.has(name);
        const introspection = inside || meta;
        introspects ||= meta;
        if (introspection && depth > queryDepth) {
          const { errorType, message } = depthLimitReached(queryDepth);
          throw new Refused({ errorType: errorType ?? 'QueryDepthLimitReached', message });
        }
        const here = `${path}.${s.alias?.value ?? name}`;
        const coordinate = `${meta ? 'Query' : parent.name}.${name}`;
        if (meta || ONCE.has(coordinate)) once(coordinate, here);
        const field = fieldOf(parent, name);
        const type = field && getNamedType(field.type);
        if (s.selectionSet && type && isCompositeType(type))
          visit(s.selectionSet, type, here, depth + 1, introspection);
      } else {
        const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : fragments.get(s.name.value);
        if (!fragment) continue;
        const condition = fragment.typeCondition && schema.getType(fragment.typeCondition.name.value);
        visit(fragment.selectionSet, condition && isCompositeType(condition) ? condition : parent, path, depth, inside);
      }
    }
  };

  const root =
    operation.operation === 'query'
      ? queryType
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return NONE;
  try {
    visit(operation.selectionSet, root, '', 1, false);
  } catch (err) {
    if (err instanceof Refused) return { introspects: true, refusal: err.refusal };
    throw err;
  }
  return { introspects, refusal: null };
}
