/**
 * The generic local AppSync API: one schema, one wiring, compiled resolver code and data sources in;
 * `handle(request)` out, answering like AppSync's /graphql endpoint. Knows nothing of any data store.
 */
import { APPSYNC_DEFAULT_LIMITS, checkWiring, parseAppSyncSchema, wiringSources, type ApiWiring } from 'appsync-cloud';
import { authenticate, checkAuthConfig, type AuthConfig } from './auth/authenticate.ts';
import type { SignedRequest } from './auth/sigv4.ts';
import { buildFieldAuthRules } from './auth/directives.ts';
import { executeRequest, MALFORMED, type Engine, type GraphQLRequest, type ResolverTiming } from './graphql/execute.ts';
import { REQUEST_TIMEOUT_MS } from './graphql/limits.ts';
import { MAX_RESPONSE_BYTES } from './graphql/response-size.ts';
import { asGraphQLRequest, lowerCaseHeaders } from './graphql/request.ts';
import type { ResolverPlan } from './graphql/pipeline.ts';
import { installAppSyncScalars } from './graphql/scalars.ts';
import type { RealtimeApi } from './realtime/connection.ts';
import { APPSYNC_REALTIME_LIMITS, type RealtimeLimits } from './realtime/protocol.ts';
import { publishMutation } from './realtime/publish.ts';
import { createSendBudget } from './realtime/send-budget.ts';
import { createConnectionCounter } from './realtime/connection-limits.ts';
import { startSubscription, SubscriptionRegistry } from './realtime/subscriptions.ts';
import type { CompiledCode, DataSourceInvoker } from './types.ts';

export type { AuthConfig } from './auth/authenticate.ts';

export interface RequestLogEntry {
  operationName: string | null;
  status: number;
  totalMs: number;
  resolvers: ResolverTiming[];
}

export interface LocalApiRequest {
  body: unknown;
  /** Header names in any case. */
  headers: Record<string, string>;
  sourceIp?: string;
  /** The request line and the body as received: what a SigV4 signature covers besides the headers. */
  signed?: SignedRequest;
}

export interface LocalApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface LocalApi {
  handle(req: LocalApiRequest): Promise<LocalApiResponse>;
  /**
   * Builds the API again from a new schema, wiring and code, and swaps it in at once: a request
   * already running finishes on the version it started with. Throws (and keeps the running version)
   * on a bad schema, wiring or resolver code.
   */
  reload(next: ApiVersion): void;
  /**
   * Subscriptions over AppSync's real-time protocol (served by the HTTP server's WebSocket upgrade).
   * Subscriptions started before a reload keep the schema and filters they started with; a mutation
   * reaches them through the @aws_subscribe of the schema in force when it runs.
   */
  realtime: RealtimeApi;
}

/** What a reload may change: everything but the data sources and the authorization. */
export interface ApiVersion {
  schemaSDL: string;
  wiring: ApiWiring;
  compile: (source: string) => CompiledCode;
  environment: Record<string, string>;
}

export interface LocalApiOptions {
  schemaSDL: string;
  wiring: ApiWiring;
  /** Turns a repo-relative resolver source into runnable code; called once per source at start-up. */
  compile: (source: string) => CompiledCode;
  /** One invoker per data source of the wiring, by name. */
  dataSources: Record<string, DataSourceInvoker>;
  environment: Record<string, string>;
  auth: AuthConfig;
  log?: (entry: RequestLogEntry) => void;
  /** Default AppSync's 30 seconds; tests shorten it. */
  requestTimeoutMs?: number;
  /** Default MAX_RESPONSE_BYTES (response-size.ts); tests shorten it. */
  maxResponseBytes?: number;
  /** Default AppSync's (APPSYNC_REALTIME_LIMITS); tests shorten the keep-alive. */
  realtimeLimits?: Partial<RealtimeLimits>;
}

function compileAll(wiring: ApiWiring, compile: (source: string) => CompiledCode): Map<string, CompiledCode> {
  const compiled = new Map<string, CompiledCode>();
  const problems: string[] = [];
  for (const source of wiringSources(wiring)) {
    try {
      const code = compile(source);
      const missing = (['request', 'response'] as const).filter(
        (h) => !(h === 'request' ? code.hasRequest : code.hasResponse),
      );
      if (missing.length > 0) problems.push(`${source}: APPSYNC_JS code must export ${missing.join(' and ')}`);
      compiled.set(source, code);
    } catch (err) {
      problems.push(`${source}: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0) throw new Error(`Resolver code failed to compile:\n  - ${problems.join('\n  - ')}`);
  return compiled;
}

function buildPlans(
  wiring: ApiWiring,
  compiled: Map<string, CompiledCode>,
  dataSources: Record<string, DataSourceInvoker>,
): Map<string, ResolverPlan> {
  const invoker = (name: string): DataSourceInvoker => {
    const ds = dataSources[name];
    if (!ds) throw new Error(`No data source invoker was given for data source "${name}"`);
    return ds;
  };
  const functions = new Map(wiring.functions.map((f) => [f.name, f]));
  const plans = new Map<string, ResolverPlan>();
  for (const r of wiring.resolvers) {
    const code = compiled.get(r.code)!;
    const key = `${r.typeName}.${r.fieldName}`;
    if (r.kind === 'UNIT') {
      plans.set(key, {
        kind: 'UNIT',
        typeName: r.typeName,
        fieldName: r.fieldName,
        code,
        dataSource: invoker(r.dataSource),
      });
    } else {
      const steps = r.functions.map((name) => {
        const f = functions.get(name)!;
        return { name, code: compiled.get(f.code)!, dataSource: invoker(f.dataSource) };
      });
      plans.set(key, { kind: 'PIPELINE', typeName: r.typeName, fieldName: r.fieldName, code, functions: steps });
    }
  }
  return plans;
}

function buildEngine(version: ApiVersion, opts: LocalApiOptions): Engine {
  const schema = installAppSyncScalars(parseAppSyncSchema(version.schemaSDL));
  checkWiring(schema, version.wiring);
  const compiled = compileAll(version.wiring, version.compile);
  return {
    schema,
    plans: buildPlans(version.wiring, compiled, opts.dataSources),
    environment: { ...version.environment },
    authRule: buildFieldAuthRules(schema, opts.auth.defaultMode),
    limits: opts.wiring.limits ?? APPSYNC_DEFAULT_LIMITS,
    timeoutMs: opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    maxResponseBytes: opts.maxResponseBytes ?? MAX_RESPONSE_BYTES,
  };
}

/** Builds the API; throws at start-up on a bad schema, wiring, auth configuration or resolver code. */
export function createLocalApi(opts: LocalApiOptions): LocalApi {
  checkAuthConfig(opts.auth);
  let current = buildEngine(opts, opts);
  const limits: RealtimeLimits = { ...APPSYNC_REALTIME_LIMITS, ...opts.realtimeLimits };
  const registry = new SubscriptionRegistry(limits.maxSubscriptionDocumentsChars);

  return {
    reload(next) {
      current = buildEngine(next, opts);
    },
    realtime: {
      registry,
      limits,
      sendBudget: createSendBudget(limits.maxTotalBufferedBytes),
      connections: createConnectionCounter(limits),
      authenticate: (headers, sourceIp) => authenticate(opts.auth, headers, sourceIp),
      start: (request, auth, headers) => startSubscription(current, request, auth, headers),
    },
    async handle(req) {
      const engine = current;
      const started = performance.now();
      const headers = lowerCaseHeaders(req.headers);
      const finish = (response: LocalApiResponse, operationName: string | null, resolvers: ResolverTiming[]) => {
        opts.log?.({ operationName, status: response.status, totalMs: performance.now() - started, resolvers });
        return response;
      };

      const authn = await authenticate(opts.auth, headers, req.sourceIp ?? '127.0.0.1', undefined, req.signed);
      if (!authn.ok) return finish({ status: authn.status, body: authn.body }, null, []);

      const request = asGraphQLRequest(req.body);
      if (!request) return finish({ status: MALFORMED.status, body: MALFORMED.body }, null, []);

      try {
        const outcome = await executeRequest(engine, request, authn.auth, headers);
        if (outcome.effects) publishMutation(registry, engine, outcome.effects, outcome.body, limits);
        return finish({ status: outcome.status, body: outcome.body }, outcome.operationName, outcome.resolvers);
      } catch (err) {
        // Resolver failures are field errors already; this is a bug in the runtime itself.
        const body = {
          errors: [{ errorType: 'InternalFailure', message: `Local runtime error: ${(err as Error).message}` }],
        };
        return finish({ status: 500, body }, request.operationName ?? null, []);
      }
    },
  };
}
