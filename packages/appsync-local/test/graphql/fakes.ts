/**
 * Test doubles for the engine's two collaborators: resolver code (CompiledCode) and data sources
 * (DataSourceInvoker). Handlers are plain functions; `tools` mimics util/runtime the way the sandbox
 * reports them (an outcome kind, not an exception).
 */
import type {
  AppSyncError,
  CompiledCode,
  DataSourceInvoker,
  DataSourceOutcome,
  HandlerOutcome,
  ResolverContext,
} from '../../src/runtime/types.ts';
import type { ApiWiring } from 'appsync-cloud';
import { createLocalApi, type AuthConfig, type LocalApi, type RequestLogEntry } from '../../src/runtime/runtime.ts';

class EarlyReturn {
  constructor(
    readonly value: unknown,
    readonly skipTo?: 'END' | 'NEXT',
  ) {}
}
class UtilError {
  constructor(readonly error: AppSyncError) {}
}

export interface Tools {
  earlyReturn(value: unknown, options?: { skipTo: 'END' | 'NEXT' }): never;
  error(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): never;
  appendError(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): void;
  log(line: string): void;
}

export type Handler = (ctx: ResolverContext, tools: Tools) => unknown;

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

export function fakeCode(
  fileName: string,
  handlers: { request?: Handler; response?: Handler },
  calls?: string[],
): CompiledCode {
  return {
    fileName,
    hasRequest: handlers.request !== undefined,
    hasResponse: handlers.response !== undefined,
    run(handler, ctx): HandlerOutcome {
      calls?.push(`${fileName}:${handler}`);
      const stash = clone(ctx.stash);
      const appendedErrors: AppSyncError[] = [];
      const logs: string[] = [];
      const tools: Tools = {
        earlyReturn: (value, options) => {
          throw new EarlyReturn(value, options?.skipTo);
        },
        error: (message, errorType, data, errorInfo) => {
          throw new UtilError({
            message,
            errorType: errorType ?? null,
            data: data ?? null,
            errorInfo: errorInfo ?? null,
          });
        },
        appendError: (message, errorType, data, errorInfo) => {
          appendedErrors.push({
            message,
            errorType: errorType ?? null,
            data: data ?? null,
            errorInfo: errorInfo ?? null,
          });
        },
        log: (line) => logs.push(line),
      };
      const fn = handlers[handler];
      if (!fn) throw new Error(`${fileName} has no ${handler}`);
      try {
        const value = fn(Object.freeze({ ...clone(ctx), stash }), tools);
        return { kind: 'value', value: clone(value), error: null, appendedErrors, stash, logs };
      } catch (e) {
        if (e instanceof EarlyReturn) {
          return {
            kind: 'earlyReturn',
            value: clone(e.value),
            error: null,
            appendedErrors,
            stash,
            logs,
            ...(e.skipTo ? { skipTo: e.skipTo } : {}),
          };
        }
        if (e instanceof UtilError) return { kind: 'error', value: null, error: e.error, appendedErrors, stash, logs };
        const error = { message: (e as Error).message, errorType: 'Code', data: null, errorInfo: null };
        return { kind: 'error', value: null, error, appendedErrors, stash, logs };
      }
    },
  };
}

export function fakeDataSource(
  fn: (request: unknown, ctx: ResolverContext) => DataSourceOutcome | Promise<DataSourceOutcome>,
  calls?: string[],
  name = 'ds',
): DataSourceInvoker {
  return {
    async invoke(request, ctx) {
      calls?.push(`${name}:invoke`);
      return fn(request, ctx);
    },
  };
}

/** A NONE-like data source: returns the request's payload (or the request itself). */
export function echoDataSource(calls?: string[], name = 'ds'): DataSourceInvoker {
  return fakeDataSource(
    (request) => {
      const r = request as { payload?: unknown } | null;
      return { result: r && typeof r === 'object' && 'payload' in r ? r.payload : request, error: null };
    },
    calls,
    name,
  );
}

export const API_KEY = 'test-api-key';

export const apiKeyAuth: AuthConfig = { defaultMode: 'API_KEY', additionalModes: [], apiKeys: [API_KEY] };

/** The wiring of one NONE data source, `DS`, and a Query unit resolver on it per field (field: code file). */
export function unitWiring(codeByField: Record<string, string>): ApiWiring {
  return {
    dataSources: [{ name: 'DS', kind: 'NONE' }],
    functions: [],
    resolvers: Object.entries(codeByField).map(([fieldName, code]) => ({
      typeName: 'Query',
      fieldName,
      kind: 'UNIT' as const,
      dataSource: 'DS',
      code,
    })),
    environment: {},
  };
}

export interface TestApiOptions {
  schema: string;
  wiring: ApiWiring;
  codes: Record<string, CompiledCode>;
  dataSources: Record<string, DataSourceInvoker>;
  auth?: AuthConfig;
  environment?: Record<string, string>;
  log?: (entry: RequestLogEntry) => void;
}

export function testApi(opts: TestApiOptions): LocalApi {
  return createLocalApi({
    schemaSDL: opts.schema,
    wiring: opts.wiring,
    compile: (source) => {
      const code = opts.codes[source];
      if (!code) throw new Error(`no fake code for ${source}`);
      return code;
    },
    dataSources: opts.dataSources,
    environment: opts.environment ?? {},
    auth: opts.auth ?? apiKeyAuth,
    log: opts.log,
  });
}

/** Sends a query with the test API key (or the given headers). */
export async function query(
  api: LocalApi,
  queryText: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = { 'x-api-key': API_KEY },
): Promise<{ status: number; body: any }> {
  const res = await api.handle({ body: { query: queryText, variables }, headers });
  return { status: res.status, body: JSON.parse(JSON.stringify(res.body)) };
}
