/**
 * AppSync's Lambda data source, run in-process: the handler module is imported (the local runtime runs
 * under tsx or vitest, so it may be TypeScript) and called with the request's `payload` and a
 * Lambda-like context. Its return value becomes `ctx.result`; a thrown error becomes `ctx.error`
 * with type `Lambda:Unhandled`.
 *
 * `invocationType: 'Event'` (asynchronous) answers at once with a null `ctx.result`, as Lambda's
 * asynchronous Invoke returns only a status and discards the function's answer. The function then
 * runs in the background; if it throws it is run again twice, as Lambda retries a failed
 * asynchronous invocation twice by default, but after short delays (ASYNC_RETRY_DELAYS_MS) instead
 * of Lambda's minutes. A third failure is logged and dropped (Lambda's default without a
 * dead-letter queue or failure destination). The `AsyncInvocations` given in the options tracks them, so
 * that their runtime's `settled()` can wait for every one of them.
 */
import { randomUUID } from 'node:crypto';
import { basename, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCAL_ACCOUNT_ID } from '../../runtime/auth/principals.ts';
import type { DataSourceInvoker, DataSourceOutcome } from '../../runtime/types.ts';
import { isRecord } from '../is-record.ts';

export interface LambdaDataSourceOptions {
  /** Absolute path of a module exporting `handler(event, context)`. */
  handlerPath: string;
  /** The function's name in its context and ARN (default: the handler file's name). */
  functionName?: string;
  /** Environment variables the function sees in `process.env` (a function: read at each call). */
  environment: Record<string, string> | (() => Record<string, string>);
  /** Simulated function timeout (default 30 s), for `getRemainingTimeInMillis()`. */
  timeoutMs?: number;
  /** Where the asynchronous (Event) invocations are tracked: one per runtime. */
  asyncInvocations: AsyncInvocations;
}

type Handler = (event: unknown, context: LambdaContext, callback?: (err: unknown, result?: unknown) => void) => unknown;

export interface LambdaContext {
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
}

const OPERATIONS = ['Invoke', 'BatchInvoke'];

/** Delays before the two retries of a failed asynchronous invocation. */
export const ASYNC_RETRY_DELAYS_MS = [50, 100];

/** The asynchronous invocations in flight of one runtime's Lambda data sources. */
export interface AsyncInvocations {
  track(run: Promise<void>): void;
  /**
   * Resolves once every tracked invocation (retries included) has finished, including any started
   * meanwhile: tests wait on it instead of sleeping.
   */
  settled(): Promise<void>;
}

export function createAsyncInvocations(): AsyncInvocations {
  const pending = new Set<Promise<void>>();
  return {
    track(run) {
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** Runs `call` with Lambda's asynchronous retries. */
async function invokeAsync(functionName: string, call: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt <= ASYNC_RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, ASYNC_RETRY_DELAYS_MS[attempt - 1]));
    try {
      await call();
      return;
    } catch (err) {
      const last = attempt === ASYNC_RETRY_DELAYS_MS.length;
      console.error(
        `[lambda ${functionName}] asynchronous invocation failed (attempt ${attempt + 1}${last ? ', dropped' : ', will retry'}):`,
        err,
      );
    }
  }
}

/** A local function as a data source, and as the target of an asynchronous invocation (a schedule's). */
export interface LocalFunction extends DataSourceInvoker {
  /** Invokes the function asynchronously with `event` (Lambda's retries included), as `invocationType: 'Event'` does. */
  invokeEvent(event: unknown): void;
  /** Invokes the function synchronously with `event` and answers its result (a function URL's call). */
  call(event: unknown): Promise<unknown>;
}

export function createLambdaDataSource(opts: LambdaDataSourceOptions): LocalFunction {
  const functionName = opts.functionName ?? basename(opts.handlerPath, extname(opts.handlerPath));
  const timeoutMs = opts.timeoutMs ?? 30_000;
  let loaded: Promise<Handler> | undefined;

  const load = (): Promise<Handler> => {
    loaded ??= import(pathToFileURL(opts.handlerPath).href).then((mod: Record<string, unknown>) => {
      const handler = mod.handler ?? (mod.default as Record<string, unknown> | undefined)?.handler;
      if (typeof handler !== 'function')
        throw new Error(`${opts.handlerPath} does not export a function named "handler"`);
      return handler as Handler;
    });
    return loaded;
  };

  const call = async (event: unknown): Promise<unknown> => {
    const handler = await load();
    // Every local function shares one process; its variables are (re)applied before each call.
    Object.assign(process.env, typeof opts.environment === 'function' ? opts.environment() : opts.environment);
    const started = Date.now();
    const context: LambdaContext = {
      functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:us-east-1:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
      memoryLimitInMB: '128',
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${functionName}`,
      logStreamName: 'local',
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    };
    const result = await new Promise<unknown>((resolve, reject) => {
      const callback = (err: unknown, value?: unknown) => (err ? reject(err) : resolve(value));
      try {
        const returned = handler(event, context, callback);
        // Async handlers settle through their promise; callback-style ones through the callback.
        if (returned !== undefined || handler.length < 3) Promise.resolve(returned).then(resolve, reject);
      } catch (err) {
        reject(err);
      }
    });
    // The response crosses a JSON boundary, as a real invocation's does.
    return result === undefined ? null : JSON.parse(JSON.stringify(result));
  };

  return {
    call,
    invokeEvent(event) {
      opts.asyncInvocations.track(invokeAsync(functionName, () => call(event)));
    },
    async invoke(request: unknown): Promise<DataSourceOutcome> {
      if (!isRecord(request)) {
        return mappingError('The request handler must return an object with "operation" and "payload"');
      }
      const { operation, payload, invocationType } = request;
      if (typeof operation !== 'string' || !OPERATIONS.includes(operation)) {
        return mappingError(
          `Unsupported operation '${String(operation)}'. The Lambda data source supports: Invoke, BatchInvoke`,
        );
      }
      if (invocationType !== undefined && invocationType !== 'RequestResponse' && invocationType !== 'Event') {
        return mappingError('"invocationType" must be RequestResponse or Event');
      }
      // No batching across fields here: a BatchInvoke is a batch of one, whose answer is the list's first entry.
      const event = operation === 'BatchInvoke' ? [payload ?? null] : (payload ?? null);
      if (invocationType === 'Event') {
        opts.asyncInvocations.track(invokeAsync(functionName, () => call(event)));
        return { result: null, error: null };
      }
      try {
        const result = await call(event);
        if (operation === 'BatchInvoke') {
          if (!Array.isArray(result)) {
            return {
              result: null,
              error: { type: 'Lambda:Unhandled', message: 'A BatchInvoke function must return a list' },
            };
          }
          return { result: result[0] ?? null, error: null };
        }
        return { result, error: null };
      } catch (err) {
        return {
          result: null,
          error: { type: 'Lambda:Unhandled', message: err instanceof Error ? err.message : String(err) },
        };
      }
    },
  };
}

function mappingError(message: string): DataSourceOutcome {
  return { result: null, error: { type: 'MappingTemplate', message } };
}
