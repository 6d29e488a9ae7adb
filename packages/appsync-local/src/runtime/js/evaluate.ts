/**
 * What AppSync's EvaluateCode API does for APPSYNC_JS: compile the code, run one handler against a JSON
 * context (missing parts filled with defaults) and report the result, error, logs and stash.
 */
import type { ResolverContext } from '../types.ts';
import { compileCode } from './compile.ts';
import { CodeRejected } from './rules.ts';

export interface EvaluateInput {
  code: string;
  context: Record<string, unknown>;
  function: 'request' | 'response';
  fileName?: string;
}

/** EvaluateCode's CodeError (APIReference/API_CodeError.html). */
export interface CodeError {
  errorType: 'LINT_ERROR' | 'PARSER_ERROR' | 'RUNTIME_ERROR';
  value: string;
  location: { line: number; column: number; span: number };
}

/**
 * EvaluateCode's response (APIReference/API_EvaluateCode.html): `stash` and `outErrors` are JSON
 * strings; fields without a value are left out, as the API leaves them out.
 */
export interface EvaluateOutput {
  evaluationResult?: string;
  error?: { message: string; codeErrors?: CodeError[] };
  logs: string[];
  stash: string;
  outErrors: string;
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
      fieldName: '',
      parentTypeName: '',
      variables: {},
      selectionSetList: [],
      selectionSetGraphQL: '',
      ...(c.info ?? {}),
    },
    env: c.env ?? {},
  };
}

/** AppSync's answer when code it is given breaks its rules (the message it gives when code is saved). */
export const CODE_HAS_ERRORS = 'The code contains one or more errors.';

function compileErrors(e: unknown): CodeError[] {
  if (e instanceof CodeRejected) {
    return e.violations.map((v) => ({
      errorType: v.rule === 'syntax' ? 'PARSER_ERROR' : 'LINT_ERROR',
      value: `${v.rule === 'syntax' ? 'Parsing error' : v.rule}: ${v.message}`,
      location: { line: v.line, column: v.column, span: v.span },
    }));
  }
  return [{ errorType: 'PARSER_ERROR', value: (e as Error).message, location: { line: 0, column: 0, span: -1 } }];
}

/** `code.js:<line>:<column>: ...` (compile.ts) gives the location of a run-time error. */
function runtimeErrors(message: string): CodeError[] {
  const at = /^code\.js:(\d+):(\d+): /.exec(message);
  if (!at) return [];
  return [
    { errorType: 'RUNTIME_ERROR', value: message, location: { line: Number(at[1]), column: Number(at[2]), span: -1 } },
  ];
}

/** `compile` lets a caller that evaluates the same code many times reuse its compiled form. */
export function evaluateCode(input: EvaluateInput, compile: typeof compileCode = compileCode): EvaluateOutput {
  const ctx = contextWithDefaults(input.context);
  let compiled;
  try {
    compiled = compile(input.fileName ?? 'code.js', input.code);
  } catch (e) {
    return {
      error: { message: CODE_HAS_ERRORS, codeErrors: compileErrors(e) },
      logs: [],
      stash: JSON.stringify(ctx.stash),
      outErrors: '[]',
    };
  }
  const outcome = compiled.run(input.function, ctx);
  let error: EvaluateOutput['error'];
  if (outcome.error) {
    const codeErrors = outcome.error.errorType === 'Code' ? runtimeErrors(outcome.error.message) : [];
    error = codeErrors.length ? { message: outcome.error.message, codeErrors } : { message: outcome.error.message };
  }
  return {
    ...(outcome.kind === 'error' ? {} : { evaluationResult: JSON.stringify(outcome.value ?? null) }),
    ...(error ? { error } : {}),
    logs: outcome.logs,
    stash: JSON.stringify(outcome.stash),
    outErrors: JSON.stringify(outcome.appendedErrors),
  };
}
