/** evaluateCode and the appsync-local-evaluate CLI (bin/evaluate.mjs): EvaluateCode's response (APIReference/API_EvaluateCode.html). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_HAS_ERRORS, evaluateCode } from '../../src/runtime/js/evaluate.ts';
import { findViolations } from '../../src/runtime/js/rules.ts';
import { projectDirs } from '../../testing/project.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/evaluate.mjs');

/** Runs the CLI on the test run's folders, as a project's `evaluate` script would. */
function evaluateCli(args: string[], input?: string) {
  const { buildDir, stateDir } = projectDirs();
  return spawnSync(process.execPath, [BIN, '--build-dir', buildDir, '--state-dir', stateDir, ...args], {
    encoding: 'utf8',
    input,
  });
}

const code = `import { util } from '@aws-appsync/utils';
import { get } from '@aws-appsync/utils/dynamodb';
export function request(ctx) {
  console.log('getting', ctx.args.id);
  ctx.stash.asked = ctx.args.id;
  return get({ key: { id: ctx.args.id } });
}
export function response(ctx) {
  if (ctx.error) util.error(ctx.error.message, ctx.error.type);
  if (ctx.result.warn) util.appendError('careful', 'Warning', { n: 1 });
  return ctx.result;
}
`;

describe('evaluateCode', () => {
  it('gives evaluationResult, logs, and stash and outErrors as JSON strings', () => {
    expect(evaluateCode({ code, context: { arguments: { id: 'x' } }, function: 'request' })).toEqual({
      evaluationResult: JSON.stringify({ operation: 'GetItem', key: { id: { S: 'x' } } }),
      logs: ['getting x'],
      stash: JSON.stringify({ asked: 'x' }),
      outErrors: '[]',
    });
  });

  it('keeps util.appendError in outErrors', () => {
    const out = evaluateCode({ code, context: { result: { warn: true } }, function: 'response' });
    expect(out.evaluationResult).toBe(JSON.stringify({ warn: true }));
    expect(JSON.parse(out.outErrors)).toEqual([
      { message: 'careful', errorType: 'Warning', data: { n: 1 }, errorInfo: null },
    ]);
  });

  it('reports util.error as error, with no evaluationResult', () => {
    const failed = evaluateCode({
      code,
      context: { error: { message: 'gone', type: 'DynamoDB:X' } },
      function: 'response',
    });
    expect(failed.evaluationResult).toBeUndefined();
    expect(failed.error).toEqual({ message: 'gone' });
  });

  it('reports a rule violation as codeErrors with its location', () => {
    const refused = evaluateCode({
      code: code.replace("console.log('getting', ctx.args.id);", 'while (true) {}'),
      context: {},
      function: 'request',
    });
    expect(refused.error?.message).toBe(CODE_HAS_ERRORS);
    expect(refused.error?.codeErrors).toEqual([
      {
        errorType: 'LINT_ERROR',
        value: 'no-while: While statements are not supported',
        location: { line: 4, column: 3, span: 15 },
      },
    ]);
    const unparsable = evaluateCode({
      code: 'export function request(ctx) { return ( }',
      context: {},
      function: 'request',
    });
    expect(unparsable.error?.codeErrors?.[0]).toMatchObject({ errorType: 'PARSER_ERROR', location: { line: 1 } });
  });

  it('words an uncaught exception as AppSync does: code.js:<line>:<column>: <Name>: <message>', () => {
    const out = evaluateCode({ code, context: {}, function: 'response' });
    expect(out.error?.message).toBe("code.js:10:18: TypeError: Cannot read properties of null (reading 'warn')");
    expect(out.error?.codeErrors).toEqual([
      { errorType: 'RUNTIME_ERROR', value: out.error?.message, location: { line: 10, column: 18, span: -1 } },
    ]);
  });

  it('util.unauthorized without a field gives Unauthorized', () => {
    const out = evaluateCode({
      code: code.replace("console.log('getting', ctx.args.id);", 'util.unauthorized();'),
      context: {},
      function: 'request',
    });
    expect(out.error).toEqual({ message: 'Unauthorized' });
  });
});

describe('evaluate CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evaluate-cli-'));
  afterAll(() => rmSync(dir, { recursive: true }));

  it('prints one JSON object, and refuses bad usage', () => {
    writeFileSync(path.join(dir, 'code.js'), code);
    writeFileSync(path.join(dir, 'context.json'), JSON.stringify({ arguments: { id: 'cli' } }));
    const ok = evaluateCli([
      '--code',
      path.join(dir, 'code.js'),
      '--context',
      path.join(dir, 'context.json'),
      '--function',
      'request',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      evaluationResult: JSON.stringify({ operation: 'GetItem', key: { id: { S: 'cli' } } }),
      logs: ['getting cli'],
      stash: JSON.stringify({ asked: 'cli' }),
      outErrors: '[]',
    });
    const bad = evaluateCli(['--code', path.join(dir, 'code.js'), '--function', 'sideways']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/usage/);
  }, 60_000);

  it('evaluates JSON lines from stdin, one result line per case', () => {
    const cases = [
      { codeFile: path.join(dir, 'code.js'), context: { arguments: { id: 'a' } }, function: 'request' },
      { code, context: JSON.stringify({ result: { id: 'b' } }), function: 'response' },
      { code: 'export function request(ctx) { return ( }', context: {}, function: 'request' },
    ];
    const run = evaluateCli(['--lines'], cases.map((c) => JSON.stringify(c)).join('\n'));
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0].evaluationResult)).toEqual({ operation: 'GetItem', key: { id: { S: 'a' } } });
    expect(lines[1].evaluationResult).toBe(JSON.stringify({ id: 'b' }));
    expect(lines[2].error.message).toBe(CODE_HAS_ERRORS);
  }, 60_000);

  it('finds, with its bundled eslint, what the checker finds from source, in code it has not seen', () => {
    // Distinct each run, so that no remembered verdict answers.
    const breaking = `export function request(ctx) { let i = 0; while (i < 2) { i++; } for (let j = 0; j < 1; j += 1) {} return async () => this; }
export function response(ctx) { try { return ctx.result; } catch (e) { return 'x' in ctx ? null : /re/; } }
// ${process.pid} ${Date.now()} ${Math.random()}
`;
    const run = evaluateCli(['--lines'], JSON.stringify({ code: breaking, context: {}, function: 'request' }));
    expect(run.status).toBe(0);
    const found = (
      JSON.parse(run.stdout).error.codeErrors as { value: string; location: { line: number; column: number } }[]
    ).map((e) => `${e.location.line}:${e.location.column} ${e.value}`);
    const expected = findViolations(breaking).map((v) => `${v.line}:${v.column} ${v.rule}: ${v.message}`);
    expect(expected.length).toBeGreaterThanOrEqual(7);
    expect(found).toEqual(expected);
  }, 60_000);
});
