/**
 * Executes one GraphQL request on graphql-js with AppSync's behaviour: field authorization by
 * directives, wired resolvers run as unit/pipeline resolvers, every other field reads `source[field]`,
 * and errors in AppSync's response shape.
 */
import {
  execute,
  getOperationAST,
  getVariableValues,
  Kind,
  parse,
  responsePathAsArray,
  specifiedRules,
  validate,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  isNonNullType,
} from 'graphql';
import type { ApiLimits } from 'appsync-cloud';
import { isAllowed, type FieldAuthRule } from '../auth/directives.ts';
import { fieldOutsidePolicy, PERMISSION_DENIED } from '../auth/iam-policy.ts';
import type { AppSyncError, ExtensionCall, RequestAuth } from '../types.ts';
import {
  FieldFailure,
  formatExecutionError,
  formatRequestError,
  formatValidationError,
  type FieldErrorEntry,
  type RequestErrorEntry,
} from './errors.ts';
import { checkIntrospection } from './introspection-limits.ts';
import { estimateBytes, responseTooLarge } from './response-size.ts';
import { depthLimitReached, depthOf, noIntrospection, resolverLimitReached, TIMED_OUT } from './limits.ts';
import { outputCoercion } from './output-coercion.ts';
import { runResolver, type BaseContext, type Deadline, type ResolverPlan } from './pipeline.ts';
import { selectionSetGraphQL, selectionSetList } from './selection.ts';

export interface Engine {
  schema: GraphQLSchema;
  /** Keyed by `Type.field`. */
  plans: Map<string, ResolverPlan>;
  environment: Record<string, string>;
  authRule: (typeName: string, fieldName: string) => FieldAuthRule;
  limits: ApiLimits;
  /** AppSync's time limit per request (REQUEST_TIMEOUT_MS; tests shorten it). */
  timeoutMs: number;
  /** AppSync's limit on a response's size (MAX_RESPONSE_BYTES; tests shorten it), counted as it is built. */
  maxResponseBytes: number;
}

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface ResolverTiming {
  /** `Type.field` */
  field: string;
  ms: number;
  logs: string[];
}

export interface ExecutionOutcome {
  status: number;
  body: unknown;
  operationName: string | null;
  resolvers: ResolverTiming[];
  /** For the subscription engine: the operation that ran, and what its resolvers asked of it. */
  effects?: OperationEffects;
}

export interface OperationEffects {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** `extensions.*` calls of every resolver that ran, in order. */
  extensions: ExtensionCall[];
  /** The arguments of the root field of a subscription. */
  rootArgs: Record<string, unknown> | null;
}

/** "You can only use up to 5 unique invalidateSubscriptions() calls in any single request" (extensions-js.html). */
export const MAX_INVALIDATIONS_PER_REQUEST = 5;

interface RequestState {
  auth: RequestAuth;
  headers: Record<string, string>;
  appended: FieldErrorEntry[];
  timings: ResolverTiming[];
  /** Resolvers started so far (the resolver-count limit). */
  resolverRuns: number;
  /** Aborted when the request runs out of time: no resolver starts and no data source is called after it. */
  deadline: Deadline;
  extensions: ExtensionCall[];
  rootArgs: Record<string, unknown> | null;
  /** The response's estimated bytes so far (response-size.ts); past the limit, nothing more is built. */
  responseBytes: number;
  oversized: boolean;
}

export const MALFORMED = {
  status: 400,
  body: { errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }] },
};

export function unauthorized(info: Pick<GraphQLResolveInfo, 'fieldName' | 'parentType'>): FieldFailure {
  return new FieldFailure({
    message: `Not Authorized to access ${info.fieldName} on type ${info.parentType.name}`,
    errorType: 'Unauthorized',
    data: null,
    errorInfo: null,
  });
}

function locationsOf(info: GraphQLResolveInfo) {
  const token = info.fieldNodes[0]?.loc?.startToken;
  return token ? [{ line: token.line, column: token.column, sourceName: null as null }] : null;
}

function appendedEntry(error: AppSyncError, info: GraphQLResolveInfo): FieldErrorEntry {
  return {
    path: responsePathAsArray(info.path),
    data: error.data ?? null,
    errorType: error.errorType ?? null,
    errorInfo: error.errorInfo ?? null,
    locations: locationsOf(info),
    message: error.message,
  };
}

interface FieldEntry {
  /** `Type.field` */
  key: string;
  rule: FieldAuthRule;
  plan: ResolverPlan | undefined;
  /** graphql-java's leniency for a built-in scalar type, or null. */
  coerce: ((value: unknown) => unknown) | null;
}

/** What each field needs, looked up once per `Type.field` rather than once per resolved value. */
/**
 * A field refused by a limit: null with its error. A nullable field's error is recorded here rather
 * than thrown, because graphql-js locates a thrown error by scanning the document from its start,
 * which over thousands of refused aliases of a large document takes seconds.
 */
function refuse(info: GraphQLResolveInfo, state: RequestState, error: AppSyncError): null {
  if (isNonNullType(info.returnType)) throw new FieldFailure(error);
  state.appended.push(appendedEntry(error, info));
  return null;
}

function fieldTable(engine: Engine): (info: GraphQLResolveInfo) => FieldEntry {
  const types = new Map<string, Map<string, FieldEntry>>();
  return (info) => {
    const typeName = info.parentType.name;
    const fieldName = info.fieldName;
    let fields = types.get(typeName);
    if (!fields) types.set(typeName, (fields = new Map()));
    let entry = fields.get(fieldName);
    if (!entry) {
      const key = `${typeName}.${fieldName}`;
      entry = {
        key,
        rule: engine.authRule(typeName, fieldName),
        plan: engine.plans.get(key),
        coerce: outputCoercion(info.returnType),
      };
      fields.set(fieldName, entry);
    }
    return entry;
  };
}

type SelectionInfo = Pick<BaseContext['info'], 'selectionSetList' | 'selectionSetGraphQL'>;

/** By field node of a cached document: the same query asks for the same selection every time. */
const selectionCache = new WeakMap<FieldNode, SelectionInfo>();

function selectionOf(info: GraphQLResolveInfo): SelectionInfo {
  const single = info.fieldNodes.length === 1 ? info.fieldNodes[0] : null;
  const cached = single && selectionCache.get(single);
  if (cached) return cached;
  const computed = {
    selectionSetList: selectionSetList(info.fieldNodes, info.fragments),
    selectionSetGraphQL: selectionSetGraphQL(info.fieldNodes),
  };
  if (single) selectionCache.set(single, computed);
  return computed;
}

const fieldResolvers = new WeakMap<Engine, GraphQLFieldResolver<unknown, RequestState>>();

function fieldResolverFor(engine: Engine): GraphQLFieldResolver<unknown, RequestState> {
  const known = fieldResolvers.get(engine);
  if (known) return known;
  const fieldOf = fieldTable(engine);
  const hasResolver = (typeName: string, fieldName: string) => engine.plans.has(`${typeName}.${fieldName}`);
  /** Counts a resolver's value before graphql-js completes it; past the limit, the request stops building. */
  const counted = (value: unknown, state: RequestState, info: GraphQLResolveInfo): unknown => {
    if (state.oversized) return null;
    const budget = engine.maxResponseBytes - state.responseBytes;
    const walk = { schema: engine.schema, fragments: info.fragments, hasResolver, variables: info.variableValues };
    const sets = info.fieldNodes.map((n) => n.selectionSet);
    state.responseBytes += estimateBytes(walk, info.returnType, sets, value, budget);
    if (state.responseBytes <= engine.maxResponseBytes) return value;
    state.oversized = true;
    return null;
  };
  const resolver: GraphQLFieldResolver<unknown, RequestState> = (source, args, state, info) => {
    if (state.oversized) return null;
    const { key, rule, plan, coerce } = fieldOf(info);
    if (info.path.prev === undefined && info.operation.operation === 'subscription') state.rootArgs = args;
    if (depthOf(info.path) > engine.limits.queryDepth)
      return refuse(info, state, depthLimitReached(engine.limits.queryDepth));
    if (!isAllowed(rule, state.auth)) throw unauthorized(info);
    if (!plan) {
      if (source === null || typeof source !== 'object') return null;
      const value = (source as Record<string, unknown>)[info.fieldName];
      return coerce ? coerce(value) : value;
    }
    state.resolverRuns += 1;
    if (state.resolverRuns > engine.limits.resolverCount)
      return refuse(info, state, resolverLimitReached(engine.limits.resolverCount));
    if (state.deadline.aborted) return refuse(info, state, { ...TIMED_OUT, data: null, errorInfo: null });
    const { selectionSetList: list, selectionSetGraphQL: text } = selectionOf(info);
    const base: BaseContext = {
      arguments: args,
      args,
      identity: state.auth.identity,
      source: source ?? null,
      request: { headers: state.headers, domainName: null },
      info: {
        fieldName: info.fieldName,
        parentTypeName: info.parentType.name,
        variables: info.variableValues,
        selectionSetList: list,
        selectionSetGraphQL: text,
      },
      env: engine.environment,
    };
    const started = performance.now();
    return runResolver(plan, base, state.deadline).then((outcome) => {
      state.timings.push({ field: key, ms: performance.now() - started, logs: outcome.logs });
      for (const e of outcome.appendedErrors) state.appended.push(appendedEntry(e, info));
      if (!outcome.ok) throw new FieldFailure(outcome.error);
      const calls = [...state.extensions, ...outcome.extensions];
      const invalidations = new Set(
        calls.filter((e) => e.method === 'invalidateSubscriptions').map((e) => JSON.stringify(e)),
      );
      if (invalidations.size > MAX_INVALIDATIONS_PER_REQUEST) {
        throw new FieldFailure({
          message: `extensions.invalidateSubscriptions may be called at most ${MAX_INVALIDATIONS_PER_REQUEST} times (unique calls) in one request.`,
          errorType: 'Code',
          data: null,
          errorInfo: null,
        });
      }
      state.extensions = calls;
      return counted(coerce ? coerce(outcome.value) : outcome.value, state, info);
    });
  };
  fieldResolvers.set(engine, resolver);
  return resolver;
}

export function operationNameOf(document: DocumentNode, operationName: string | null | undefined): string | null {
  const op = getOperationAST(document, operationName ?? undefined);
  return op?.name?.value ?? operationName ?? null;
}

type Parsed = { document: DocumentNode; validationErrors: readonly GraphQLError[] } | null;

/**
 * Parsed and validated documents by query text, per engine: clients send the same few queries. Bounded
 * by the text's size, not the number of entries: a parsed document takes tens of times its text, so
 * a document over MAX_CACHED_QUERY_CHARS is never kept, and the least recently used go first once
 * the texts kept pass DOCUMENT_CACHE_CHARS (at most a few tens of MB of parsed documents).
 */
interface DocumentCache {
  entries: Map<string, Parsed>;
  chars: number;
}
const documentCaches = new WeakMap<Engine, DocumentCache>();
export const MAX_CACHED_QUERY_CHARS = 32 * 1024;

/**
 * Parsing stops past this many tokens *(guess: graphql-java's parser default since version 20; AppSync,
 * which runs on graphql-java, documents no limit)*. A client's documents hold a few hundred; a 1 MB
 * alias bomb holds a hundred thousand and would block the server for seconds before any limit applied.
 */
export const MAX_QUERY_TOKENS = 15_000;
export const DOCUMENT_CACHE_CHARS = 1024 * 1024;

function parseAndValidate(engine: Engine, query: string): Parsed {
  let cache = documentCaches.get(engine);
  if (!cache) documentCaches.set(engine, (cache = { entries: new Map(), chars: 0 }));
  if (cache.entries.has(query)) {
    const hit = cache.entries.get(query)!;
    cache.entries.delete(query);
    cache.entries.set(query, hit);
    return hit;
  }
  let parsed: Parsed;
  try {
    const document = parse(query, { maxTokens: MAX_QUERY_TOKENS });
    const rules = engine.limits.introspection ? specifiedRules : [...specifiedRules, noIntrospection];
    parsed = { document, validationErrors: validate(engine.schema, document, rules) };
  } catch {
    parsed = null;
  }
  if (query.length <= MAX_CACHED_QUERY_CHARS) {
    cache.entries.set(query, parsed);
    cache.chars += query.length;
    for (const [oldest] of cache.entries) {
      if (cache.chars <= DOCUMENT_CACHE_CHARS) break;
      cache.entries.delete(oldest);
      cache.chars -= oldest.length;
    }
  }
  return parsed;
}

/** The characters of query text the document cache of `engine` holds now (tests, the abuse script). */
export function cachedDocumentChars(engine: Engine): number {
  return documentCaches.get(engine)?.chars ?? 0;
}

/**
 * The estimated bytes of an introspecting operation's top level, its introspection included (graphql-js
 * builds introspection with its own resolvers, which `counted` never sees); 0 when its variables do
 * not coerce (then graphql-js refuses it before anything runs).
 */
function estimateIntrospection(
  engine: Engine,
  document: DocumentNode,
  op: OperationDefinitionNode,
  request: GraphQLRequest,
): number {
  const root = engine.schema.getQueryType();
  if (op.operation !== 'query' || !root) return 0;
  const coerced = getVariableValues(engine.schema, op.variableDefinitions ?? [], request.variables ?? {}, {
    maxErrors: 1,
  });
  if (coerced.errors) return 0;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  const hasResolver = (typeName: string, fieldName: string) => engine.plans.has(`${typeName}.${fieldName}`);
  const walk = { schema: engine.schema, fragments, hasResolver, variables: coerced.coerced };
  return estimateBytes(walk, root, [op.selectionSet], {}, engine.maxResponseBytes);
}

export async function executeRequest(
  engine: Engine,
  request: GraphQLRequest,
  auth: RequestAuth,
  headers: Record<string, string>,
  /** Subscriptions run only on the real-time endpoint (at `start`); over HTTP they are refused. */
  options: { subscription?: boolean } = {},
): Promise<ExecutionOutcome> {
  const parsed = parseAndValidate(engine, request.query);
  if (!parsed) return { ...MALFORMED, operationName: request.operationName ?? null, resolvers: [] };
  const { document, validationErrors } = parsed;
  const operationName = operationNameOf(document, request.operationName);
  const requestErrors = (errors: RequestErrorEntry[]): ExecutionOutcome => ({
    status: 200,
    body: { data: null, errors },
    operationName,
    resolvers: [],
  });

  if (validationErrors.length > 0) return requestErrors(validationErrors.map(formatValidationError));

  const op = getOperationAST(document, request.operationName ?? undefined);
  if (
    op &&
    auth.mode === 'AWS_IAM' &&
    fieldOutsidePolicy(engine.schema, document, op, auth.grantedFields ?? new Set())
  ) {
    return { ...PERMISSION_DENIED, operationName, resolvers: [] };
  }
  if (options.subscription && op && op.operation !== 'subscription') {
    const refused = {
      path: null,
      locations: null,
      errorType: 'UnsupportedOperation',
      message: `Only subscriptions are served on the real-time endpoint, not a ${op.operation}.`,
    };
    return requestErrors([refused]);
  }
  if (op?.operation === 'subscription' && !options.subscription) {
    return requestErrors([
      {
        path: null,
        locations: null,
        message: 'Subscriptions are served on the real-time (WebSocket) endpoint, not over HTTP.',
      },
    ]);
  }

  const introspection = op && checkIntrospection(engine.schema, document, op, engine.limits.queryDepth);
  if (introspection?.refusal) return requestErrors([{ path: null, locations: null, ...introspection.refusal }]);
  const introspectionBytes =
    op && introspection?.introspects ? estimateIntrospection(engine, document, op, request) : 0;
  if (introspectionBytes > engine.maxResponseBytes) {
    const errors = [responseTooLarge(engine.maxResponseBytes)];
    return { status: 200, body: { data: null, errors }, operationName, resolvers: [] };
  }

  // A plain flag rather than an AbortController: nothing listens for the abort, every check reads it.
  const deadline = { aborted: false };
  const state: RequestState = {
    auth,
    headers,
    appended: [],
    timings: [],
    resolverRuns: 0,
    deadline,
    extensions: [],
    rootArgs: null,
    responseBytes: introspectionBytes,
    oversized: false,
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => {
      deadline.aborted = true;
      resolve('timedOut');
    }, engine.timeoutMs);
  });
  const result = await Promise.race([
    Promise.resolve(
      execute({
        schema: engine.schema,
        document,
        variableValues: request.variables ?? undefined,
        operationName: request.operationName ?? undefined,
        contextValue: state,
        fieldResolver: fieldResolverFor(engine),
      }),
    ),
    timedOut,
  ]).finally(() => clearTimeout(timer));
  if (result === 'timedOut')
    return { status: 200, body: { data: null, errors: [{ ...TIMED_OUT }] }, operationName, resolvers: state.timings };
  if (state.oversized) {
    const errors = [responseTooLarge(engine.maxResponseBytes)];
    return { status: 200, body: { data: null, errors }, operationName, resolvers: state.timings };
  }

  if (!('data' in result) || result.data === undefined) {
    return requestErrors((result.errors ?? []).map((e: GraphQLError) => formatRequestError(e)));
  }
  const errors = [...(result.errors ?? []).map((e) => formatExecutionError(engine.schema, e)), ...state.appended];
  const body: Record<string, unknown> = { data: result.data ?? null };
  if (errors.length > 0) body.errors = errors;
  const effects = op ? { document, operation: op, extensions: state.extensions, rootArgs: state.rootArgs } : undefined;
  return { status: 200, body, operationName, resolvers: state.timings, effects };
}
