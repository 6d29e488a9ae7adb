/**
 * What AppSync's EvaluateCode API does for APPSYNC_JS: compile the code, run one handler against a JSON
 * context (missing parts filled with defaults) and report the result, error, logs and stash.
 */
import type { ResolverContext } from '../types.ts';
import { compileCode } from './compile.ts';

export interface EvaluateInput {
  code: string;
  context: Record<string, unknown>;
  function: 'request' | 'response';
  fileName?: string;
}

export interface EvaluateOutput {
  evaluationResult: string | null;
  error: { message: string } | null;
  logs: string[];
  stash: unknown;
}

export function contextWithDefaults(context: Record<string, unknown>): ResolverContext {
  const c = context as Partial<ResolverContext>;
  const args = (c.arguments ?? c.args ?? {}) as Record<string, unknown>;
  return {
    arguments: args,
    args,
    identity: c.identity ?? null,
    source: c.source ?? null,
    stash: c.stash ?? {},
    prev: c.prev ?? { result: null },
    result: c.result ?? null,
    error: c.error ?? undefined,
    request: { headers: {}, domainName: null, ...(c.request ?? {}) },
    info: {
      fieldName: '', parentTypeName: '', variables: {}, selectionSetList: [], selectionSetGraphQL: '',
      ...(c.info ?? {}),
    },
    env: c.env ?? {},
  };
}

export function evaluateCode(input: EvaluateInput): EvaluateOutput {
  const ctx = contextWithDefaults(input.context);
  let compiled;
  try {
    compiled = compileCode(input.fileName ?? 'code.js', input.code);
  } catch (e) {
    return { evaluationResult: null, error: { message: (e as Error).message }, logs: [], stash: ctx.stash };
  }
  const outcome = compiled.run(input.function, ctx);
  return {
    evaluationResult: outcome.kind === 'error' ? null : JSON.stringify(outcome.value ?? null),
    error: outcome.error ? { message: outcome.error.message } : null,
    logs: outcome.logs,
    stash: outcome.stash,
  };
}
