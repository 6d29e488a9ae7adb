/**
 * One resolver run with AppSync's semantics.
 * UNIT: request → data source → response.
 * PIPELINE: resolver request → for each function (request → data source → response) → resolver response.
 * Each step's return value is the next step's `ctx.prev.result`; `ctx.stash` lives for the whole run.
 * `runtime.earlyReturn(x, { skipTo })` in a function's request skips its data source and response (x
 * becomes prev.result); with skipTo 'END' it also skips the remaining functions. In a function's
 * response, x is the function's result, and 'END' skips the remaining functions. In a pipeline
 * resolver's request it skips every function whatever skipTo says; in a unit resolver's request it
 * skips the data source and the response and x is the field's value. In a resolver's response x is
 * the field's value.
 */
import type {
  AppSyncError,
  CompiledCode,
  DataSourceInvoker,
  DataSourceOutcome,
  ExtensionCall,
  HandlerOutcome,
  ResolverContext,
} from '../types.ts';
import { TIMED_OUT_CALL } from './limits.ts';
import { codeError } from '../js/signals.ts';

export interface PipelineStep {
  name: string;
  code: CompiledCode;
  dataSource: DataSourceInvoker;
}

export type ResolverPlan =
  | { kind: 'UNIT'; typeName: string; fieldName: string; code: CompiledCode; dataSource: DataSourceInvoker }
  | { kind: 'PIPELINE'; typeName: string; fieldName: string; code: CompiledCode; functions: PipelineStep[] };

/** Whether the run's request is past its time limit (an AbortSignal is one). */
export interface Deadline {
  readonly aborted: boolean;
}

/** What every handler of the run sees in common. */
export type BaseContext = Omit<ResolverContext, 'stash' | 'prev' | 'result' | 'error'>;

/** `extensions`: the `extensions.*` calls of every handler of the run, in order. */
export type RunOutcome =
  | { ok: true; value: unknown; appendedErrors: AppSyncError[]; logs: string[]; extensions: ExtensionCall[] }
  | { ok: false; error: AppSyncError; appendedErrors: AppSyncError[]; logs: string[]; extensions: ExtensionCall[] };

class Run {
  stash: Record<string, unknown> = {};
  appendedErrors: AppSyncError[] = [];
  logs: string[] = [];
  extensions: ExtensionCall[] = [];

  constructor(
    private readonly base: BaseContext,
    private readonly deadline?: Deadline,
  ) {}

  context(prev: unknown, result?: unknown, error?: { message: string; type: string } | null): ResolverContext {
    return { ...this.base, stash: this.stash, prev: { result: prev }, result, error: error ?? undefined };
  }

  step(code: CompiledCode, handler: 'request' | 'response', ctx: ResolverContext): HandlerOutcome {
    let outcome: HandlerOutcome;
    try {
      outcome = code.run(handler, ctx);
    } catch (err) {
      // The sandbox should report errors itself; anything escaping it is still only this field's failure.
      outcome = {
        kind: 'error',
        value: null,
        error: codeError((err as Error)?.message ?? String(err)),
        appendedErrors: [],
        stash: this.stash,
        logs: [],
      };
    }
    this.appendedErrors.push(...(outcome.appendedErrors ?? []));
    this.logs.push(...(outcome.logs ?? []));
    if (outcome.extensions) this.extensions.push(...outcome.extensions);
    if (outcome.stash && typeof outcome.stash === 'object') this.stash = outcome.stash;
    return outcome;
  }

  async invoke(dataSource: DataSourceInvoker, request: unknown, ctx: ResolverContext): Promise<DataSourceOutcome> {
    // A request past its time limit makes no new data-source calls; the handlers see the error.
    if (this.deadline?.aborted) return { result: null, error: { ...TIMED_OUT_CALL } };
    try {
      return await dataSource.invoke(request, ctx);
    } catch (err) {
      // A data source failure is never raised by itself: it lands in ctx.error for the response handler.
      const e = err as Error;
      return {
        result: null,
        error: { message: e?.message ?? String(err), type: e?.name && e.name !== 'Error' ? e.name : 'InternalFailure' },
      };
    }
  }

  fail(error: AppSyncError | null): RunOutcome {
    return {
      ok: false,
      error: error ?? codeError('Handler failed without an error'),
      appendedErrors: this.appendedErrors,
      logs: this.logs,
      extensions: this.extensions,
    };
  }

  done(value: unknown): RunOutcome {
    return { ok: true, value, appendedErrors: this.appendedErrors, logs: this.logs, extensions: this.extensions };
  }
}

function skipsToEnd(outcome: HandlerOutcome): boolean {
  return outcome.kind === 'earlyReturn' && outcome.skipTo === 'END';
}

export async function runResolver(plan: ResolverPlan, base: BaseContext, deadline?: Deadline): Promise<RunOutcome> {
  const run = new Run(base, deadline);

  if (plan.kind === 'UNIT') {
    const requestCtx = run.context(undefined);
    const request = run.step(plan.code, 'request', requestCtx);
    if (request.kind === 'error') return run.fail(request.error);
    if (request.kind === 'earlyReturn') return run.done(request.value);
    const ds = await run.invoke(plan.dataSource, request.value, run.context(undefined));
    const response = run.step(plan.code, 'response', run.context(undefined, ds.result, ds.error));
    if (response.kind === 'error') return run.fail(response.error);
    return run.done(response.value);
  }

  const before = run.step(plan.code, 'request', run.context(undefined));
  if (before.kind === 'error') return run.fail(before.error);
  let prev = before.value;
  if (before.kind !== 'earlyReturn') {
    for (const fn of plan.functions) {
      const request = run.step(fn.code, 'request', run.context(prev));
      if (request.kind === 'error') return run.fail(request.error);
      if (request.kind === 'earlyReturn') {
        prev = request.value;
        if (skipsToEnd(request)) break;
        continue;
      }
      const ds = await run.invoke(fn.dataSource, request.value, run.context(prev));
      const response = run.step(fn.code, 'response', run.context(prev, ds.result, ds.error));
      if (response.kind === 'error') return run.fail(response.error);
      prev = response.value;
      if (skipsToEnd(response)) break;
    }
  }
  const after = run.step(plan.code, 'response', run.context(prev, prev));
  if (after.kind === 'error') return run.fail(after.error);
  return run.done(after.value);
}
