/**
 * Errors in AppSync's response shape. Field errors carry `path, data, errorType, errorInfo, locations,
 * message`; request-level validation errors carry `path: null, locations, message` with graphql-java's
 * "Validation error of type <Kind>: ..." wording (AppSync runs on graphql-java).
 */
import {
  getNamedType,
  Kind,
  parse,
  type ASTNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  type SelectionSetNode,
  type SourceLocation,
  isObjectType,
} from 'graphql';
import type { AppSyncError } from '../types.ts';

export interface AppSyncLocation {
  line: number;
  column: number;
  sourceName: null;
}

export interface FieldErrorEntry {
  path: (string | number)[] | null;
  data: unknown;
  errorType: string | null;
  errorInfo: unknown;
  locations: AppSyncLocation[] | null;
  message: string;
}

export interface RequestErrorEntry {
  path: null;
  locations: AppSyncLocation[] | null;
  message: string;
}

/** Thrown inside a field's resolution: that field becomes null with this error. */
export class FieldFailure extends Error {
  constructor(readonly error: AppSyncError) {
    super(error.message);
  }
}

export function appsyncLocations(locations: readonly SourceLocation[] | undefined): AppSyncLocation[] | null {
  return locations && locations.length > 0
    ? locations.map((l) => ({ line: l.line, column: l.column, sourceName: null }))
    : null;
}

/** graphql-java prints a result path as /a/b[0]/c. */
export function javaPath(path: readonly (string | number)[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `/${p}`)).join('');
}

/**
 * `util.error`'s data "will be filtered based on the query selection set" (built-in-util-js.html):
 * only the fields the query selected on the failed field are kept, under their response names.
 * Type conditions of fragments are not checked (the data carries no type).
 */
export function filterBySelection(
  data: unknown,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): unknown {
  if (!selectionSet || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) return data.map((d) => filterBySelection(d, selectionSet, fragments));
  const source = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (Object.hasOwn(source, selection.name.value)) {
        out[selection.alias?.value ?? selection.name.value] = filterBySelection(
          source[selection.name.value],
          selection.selectionSet,
          fragments,
        );
      }
    } else {
      const inner =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.selectionSet
          : fragments.get(selection.name.value)?.selectionSet;
      Object.assign(out, filterBySelection(source, inner, fragments));
    }
  }
  return out;
}

function errorData(error: GraphQLError, data: unknown): unknown {
  const field = error.nodes?.[0] as ASTNode | undefined;
  if (data === null || data === undefined || !field || field.kind !== Kind.FIELD || !field.selectionSet)
    return data ?? null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  if (error.source) {
    for (const d of parse(error.source).definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  return filterBySelection(data, field.selectionSet, fragments);
}

const nonNullPattern =
  /^Cannot return null for non-nullable field ([_A-Za-z][_0-9A-Za-z]*)\.([_A-Za-z][_0-9A-Za-z]*)\.$/;

/** An execution error (from graphql-js) as AppSync reports it. */
export function formatExecutionError(schema: GraphQLSchema, error: GraphQLError): FieldErrorEntry {
  const path = error.path ? [...error.path] : null;
  const original = error.originalError;
  if (original instanceof FieldFailure) {
    return {
      path,
      data: errorData(error, original.error.data),
      errorType: original.error.errorType ?? null,
      errorInfo: original.error.errorInfo ?? null,
      locations: appsyncLocations(error.locations),
      message: original.error.message,
    };
  }
  const nonNull = nonNullPattern.exec(error.message);
  if (nonNull && path) {
    const parent = schema.getType(nonNull[1]);
    const field = parent && isObjectType(parent) ? parent.getFields()[nonNull[2]] : undefined;
    const typeName = field ? getNamedType(field.type).name : nonNull[2];
    return {
      path,
      data: null,
      errorType: null,
      errorInfo: null,
      locations: null,
      message: `Cannot return null for non-nullable type: '${typeName}' within parent '${nonNull[1]}' (${javaPath(path)})`,
    };
  }
  const message = path ? `Can't serialize value (${javaPath(path)}) : ${error.message}` : error.message;
  return {
    path,
    data: null,
    errorType: null,
    errorInfo: null,
    locations: appsyncLocations(error.locations),
    message:
      original && /^Unable to serialize|^Invalid |^Expected type '/.test(error.message) ? message : error.message,
  };
}

const validationKinds: [RegExp, string][] = [
  [/^Cannot query field/, 'FieldUndefined'],
  [/^Unknown type/, 'UnknownType'],
  [/^Unknown argument/, 'UnknownArgument'],
  [/^Unknown directive/, 'UnknownDirective'],
  [/^Unknown fragment/, 'UndefinedFragment'],
  [/^Field ".*" argument ".*" of type ".*" is required/, 'MissingFieldArgument'],
  [/^Field ".*" of required type ".*" was not provided/, 'WrongType'],
  [/^Expected value of type|cannot represent|^Invalid AWS|^Field ".*" is not defined by type/, 'WrongType'],
  [/^Variable ".*" is never used/, 'UnusedVariable'],
  [/^Variable ".*" is not defined/, 'UndefinedVariable'],
  [/^Fragment ".*" is never used/, 'UnusedFragment'],
  [/must have a selection of subfields/, 'SubSelectionRequired'],
  [/must not have a selection since type/, 'SubSelectionNotAllowed'],
  [/^There can be only one/, 'DuplicateName'],
  [/conflict because/, 'FieldsConflict'],
  [/^Variable ".*" of type ".*" used in position expecting/, 'VariableTypeMismatch'],
];

export function formatValidationError(error: GraphQLError): RequestErrorEntry {
  const kind = validationKinds.find(([re]) => re.test(error.message))?.[1] ?? 'InvalidSyntax';
  const fieldUndefined = /^Cannot query field "(.*)" on type "(.*)"\./.exec(error.message);
  const detail = fieldUndefined
    ? `Field '${fieldUndefined[1]}' in type '${fieldUndefined[2]}' is undefined`
    : error.message;
  return {
    path: null,
    locations: appsyncLocations(error.locations),
    message: `Validation error of type ${kind}: ${detail}`,
  };
}

/** A request-level error raised while coercing variables or choosing the operation. */
export function formatRequestError(error: GraphQLError): RequestErrorEntry {
  const nullVariable =
    /^Variable "\$(\w+)" of (?:required|non-null) type "(.+)" (?:was not provided|must not be null)\.$/.exec(
      error.message,
    );
  const message = nullVariable
    ? `Variable '${nullVariable[1]}' has coerced Null value for NonNull type '${nullVariable[2]}'`
    : error.message;
  return { path: null, locations: appsyncLocations(error.locations), message };
}
