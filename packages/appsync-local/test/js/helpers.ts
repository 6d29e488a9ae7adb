/** Shared helpers for the sandbox tests. */
import { compileCode } from '../../src/runtime/js/compile.ts';
import { contextWithDefaults } from '../../src/runtime/js/evaluate.ts';
import type { HandlerOutcome, ResolverContext } from '../../src/runtime/types.ts';

export function makeCtx(overrides: Partial<ResolverContext> = {}): ResolverContext {
  return contextWithDefaults({ info: { fieldName: 'getThing', parentTypeName: 'Query' }, ...overrides });
}

/** Wraps a request body in a module exporting both handlers (response returns ctx.result). */
export function resolverModule(
  requestBody: string,
  imports = "import { util, runtime, extensions } from '@aws-appsync/utils';",
): string {
  return `${imports}\nexport function request(ctx) {\n${requestBody}\n}\nexport function response(ctx) {\n  return ctx.result;\n}\n`;
}

export function runRequest(body: string, ctx: ResolverContext = makeCtx(), imports?: string): HandlerOutcome {
  return compileCode('Test.js', resolverModule(body, imports)).run('request', ctx);
}

/** Evaluates one expression in the sandbox and returns its value. */
export function evalInSandbox(expression: string, ctx?: ResolverContext): unknown {
  const outcome = runRequest(
    `return ${expression};`,
    ctx,
    "import { util, runtime, extensions } from '@aws-appsync/utils';\nimport * as ddb from '@aws-appsync/utils/dynamodb';",
  );
  if (outcome.kind !== 'value') throw new Error(`expected a value, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}
