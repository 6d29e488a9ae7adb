/** evaluateCode and the `npm run evaluate` CLI (test-resolvers.html: EvaluateCode). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateCode } from '../../../appsync/local/js/evaluate.ts';

const code = `import { util } from '@aws-appsync/utils';
import { get } from '@aws-appsync/utils/dynamodb';
export function request(ctx) {
  console.log('getting', ctx.args.id);
  ctx.stash.asked = ctx.args.id;
  return get({ key: { id: ctx.args.id } });
}
export function response(ctx) {
  if (ctx.error) util.error(ctx.error.message, ctx.error.type);
  return ctx.result;
}
`;

describe('evaluateCode', () => {
  it('runs a handler with default context parts', () => {
    expect(evaluateCode({ code, context: { arguments: { id: 'x' } }, function: 'request' })).toEqual({
      evaluationResult: JSON.stringify({ operation: 'GetItem', key: { id: { S: 'x' } } }),
      error: null,
      logs: ['getting x'],
      stash: { asked: 'x' },
    });
  });

  it('reports handler errors and rule violations as error', () => {
    const failed = evaluateCode({ code, context: { error: { message: 'gone', type: 'DynamoDB:X' } }, function: 'response' });
    expect(failed).toMatchObject({ evaluationResult: null, error: { message: 'gone' } });
    const refused = evaluateCode({ code: code.replace("console.log('getting', ctx.args.id);", 'while (true) {}'), context: {}, function: 'request' });
    expect(refused.error?.message).toMatch(/breaks the APPSYNC_JS rule no-while/);
  });
});

describe('evaluate CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evaluate-cli-'));
  afterAll(() => rmSync(dir, { recursive: true }));

  it('prints one JSON object, and refuses bad usage', () => {
    writeFileSync(path.join(dir, 'code.js'), code);
    writeFileSync(path.join(dir, 'context.json'), JSON.stringify({ arguments: { id: 'cli' } }));
    const ok = spawnSync('npx', ['tsx', 'scripts/evaluate.ts', '--code', path.join(dir, 'code.js'), '--context', path.join(dir, 'context.json'), '--function', 'request'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      evaluationResult: JSON.stringify({ operation: 'GetItem', key: { id: { S: 'cli' } } }),
      error: null,
      logs: ['getting cli'],
      stash: { asked: 'cli' },
    });
    const bad = spawnSync('npx', ['tsx', 'scripts/evaluate.ts', '--code', path.join(dir, 'code.js'), '--function', 'sideways'], { encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/usage/);
  }, 60_000);
});
