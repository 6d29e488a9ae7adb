/** Code that AppSync refuses when it is saved is refused by compileCode too (supported-features.html). */
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { compileCode } from '../../src/runtime/js/compile.ts';
import { BASE_RULE_MODULES, loadBaseRule } from '../../src/runtime/js/rules.ts';
import { appsyncBuildOptions } from 'appsync-cloud';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeCtx, resolverModule } from './helpers.ts';

const refusal = (body: string, before = '') => {
  const code = `${before}${resolverModule(body)}`;
  try {
    compileCode('Query.events.js', code);
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};

describe('APPSYNC_JS rules', () => {
  const cases: [string, string, string, string?][] = [
    ['try', 'try { return 1; } catch (e) { return 2; }', 'no-try'],
    ['throw', 'throw new Error("x");', 'no-throw'],
    ['while', 'while (ctx.args.x) { return 1; }', 'no-while'],
    ['classic for', 'for (let i = 0; i < 2; i += 1) { }', 'no-for'],
    ['++', 'let i = 0; i++; return i;', 'no-disallowed-unary-operators'],
    ['class', 'return 1;', 'no-classes', 'class A {}\n'],
    ['regex literal', 'return /a+/.test("a");', 'no-regex'],
    ['in operator', 'return "a" in ctx.args;', 'no-in-operator'],
    [
      'recursion',
      'return f(3);',
      'no-recursion',
      'function f(n) { return n > 0 ? g(n - 1) : 0; }\nfunction g(n) { return f(n); }\n',
    ],
    ['padStart', 'return "1".padStart(2, "0");', 'no-disallowed-methods'],
    ['sort with comparator', 'return [2, 1].sort((a, b) => a - b);', 'no-disallowed-methods'],
    ['Function.call', 'const f = (x) => x; return f.call(null, 1);', 'no-disallowed-methods'],
    [
      'function passing',
      'const f = (x) => x; return run(f);',
      'no-function-passing',
      'function run(g) { return 1; }\n',
    ],
    ['ctx reassignment', 'ctx.foo = 1; return 1;', 'no-disallowed-re-assignment'],
    // supported-features.html lists Object.assign/entries/hasOwn/keys/values only.
    ['Object.fromEntries', 'return Object.fromEntries([["a", 1]]);', 'no-disallowed-methods'],
    ['Array.prototype.keys', 'return [1].keys();', 'no-disallowed-methods'],
  ];
  for (const [name, body, rule, before] of cases) {
    it(`refuses ${name}`, () => {
      const message = refusal(body, before);
      expect(message).toMatch(new RegExp(`^Query\\.events\\.js:\\d+:\\d+ breaks the APPSYNC_JS rule ${rule} \\(`));
    });
  }

  it('accepts supported code: array callbacks, for-of, spread, sort without comparator', () => {
    expect(
      refusal(
        'const xs = [3, 1, 2].map((x) => x * 2).filter((x) => x > 2); const out = []; for (const x of xs) { out.push(x); } return [...out].sort();',
      ),
    ).toBeNull();
  });

  it('accepts Object.keys/entries/values and String.raw, which AWS documents as supported', () => {
    expect(
      refusal('const o = { a: 1 }; return [Object.keys(o), Object.entries(o), Object.values(o), String.raw`a${1}`];'),
    ).toBeNull();
  });

  it('names the line and column', () => {
    expect(refusal('const a = 1;\n  try { return a; } finally { }')).toMatch(
      /^Query\.events\.js:4:3 breaks the APPSYNC_JS rule no-try \(Try statements are not supported\)/,
    );
  });

  it('refuses code over 32,768 characters and code without both handlers', () => {
    expect(() => compileCode('Big.js', resolverModule(`return "${'x'.repeat(33_000)}";`))).toThrow(/32768/);
    expect(() => compileCode('Half.js', 'export function response(ctx) { return ctx.result; }')).toThrow(
      /must export a 'request'/,
    );
  });

  it('accepts esbuild output, helpers included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'appsync-js-'));
    writeFileSync(path.join(dir, 'helpers.ts'), 'export const double = (n: number): number => n * 2;\n');
    writeFileSync(
      path.join(dir, 'resolver.ts'),
      `import { util } from '@aws-appsync/utils';
import * as helpers from './helpers';
const namespace = helpers; // makes esbuild emit its __export/__defProp helpers
export function request(ctx) { return { v: namespace.double(ctx.args.n), id: util.autoId() }; }
export const response = (ctx) => ctx.result;
`,
    );
    const bundled = buildSync({
      ...appsyncBuildOptions(dir),
      entryPoints: [path.join(dir, 'resolver.ts')],
      write: false,
    }).outputFiles[0].text;
    rmSync(dir, { recursive: true });
    expect(bundled).toContain('__export');
    expect(bundled).toContain('sourceMappingURL=data:');
    const compiled = compileCode('Query.double.js', bundled);
    expect(compiled.run('request', makeCtx({ arguments: { n: 4 } })).value).toMatchObject({ v: 8 });
  });
});

describe('the eslint rules loaded', () => {
  it("are exactly @aws-appsync/eslint-plugin's base config, the same rule objects", async () => {
    const { default: plugin } = await import('@aws-appsync/eslint-plugin');
    const base = (plugin.configs as Record<string, { rules: Record<string, unknown> }>).base.rules;
    expect(
      Object.keys(BASE_RULE_MODULES)
        .map((name) => `@aws-appsync/${name}`)
        .sort(),
    ).toEqual(Object.keys(base).sort());
    for (const name of Object.keys(BASE_RULE_MODULES)) {
      expect(loadBaseRule(name)).toBe((plugin.rules as Record<string, unknown>)[name]);
    }
  });
});
