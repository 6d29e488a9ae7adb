/** The resolver bundler keeps an inline source map while the code fits AppSync's limit with it, and drops it when only the code fits. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MAX_CODE_CHARS } from '../src/limits.ts';
import { resolverBundler } from '../src/bundle.ts';

/** A resolver of `n` distinct statements (each adds about as much to the source map as to the code). */
function resolverOf(root: string, name: string, n: number): string {
  const lines = Array.from({ length: n }, (_, i) => `  ctx.stash.v${i} = ${i};`);
  const file = path.join(root, `${name}.ts`);
  writeFileSync(file, `export function request(ctx: any) {\n${lines.join('\n')}\n  return {};\n}\n`);
  return file;
}

it('keeps the source map of a small bundle and drops it only where it would pass the limit', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  const bundler = resolverBundler(root);
  const small = bundler.bundleResolver(resolverOf(root, 'small', 10));
  expect(small).toContain('//# sourceMappingURL=data:application/json;base64,');

  const large = bundler.bundleResolver(resolverOf(root, 'large', 900));
  expect(large).not.toContain('sourceMappingURL');
  expect(large.length).toBeGreaterThan(MAX_CODE_CHARS / 2);
  expect(large.length).toBeLessThanOrEqual(MAX_CODE_CHARS);

  expect(() => bundler.bundleResolver(resolverOf(root, 'huge', 2000))).toThrow(/AppSync allows 32768/);
});

it('bundles many sources at once byte for byte as one at a time, with the same inputs, and leaves out what fails', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-many-'));
  mkdirSync(path.join(root, 'lib'));
  writeFileSync(path.join(root, 'lib', 'words.ts'), `export const greeting = 'hello';\nexport type Word = string;\n`);
  writeFileSync(path.join(root, 'lib', 'types.ts'), `export type Shape = { a: number };\n`);
  mkdirSync(path.join(root, 'resolvers'));
  writeFileSync(
    path.join(root, 'resolvers', 'hello.ts'),
    `import { greeting, type Word } from '../lib/words';\nimport type { Shape } from '../lib/types';\nexport function request(ctx: { args: Shape }): Word { return greeting + ctx.args.a; }\n`,
  );
  writeFileSync(
    path.join(root, 'resolvers', 'broken.ts'),
    `import { nothing } from '../lib/nowhere';\nexport const x = nothing;\n`,
  );
  resolverOf(root, 'small', 10);
  resolverOf(root, 'large', 900);
  resolverOf(root, 'huge', 2000);
  const sources = ['resolvers/hello.ts', 'small.ts', 'large.ts', 'huge.ts', 'resolvers/broken.ts', 'small.ts'];

  const bundler = resolverBundler(root);
  const many = bundler.bundleResolversWithInputs(sources);
  expect([...many.keys()].sort()).toEqual(['large.ts', 'resolvers/hello.ts', 'small.ts']);
  for (const [source, bundle] of many) {
    const one = bundler.bundleResolverWithInputs(source);
    expect(bundle.code).toBe(one.code);
    expect([...bundle.inputs].sort()).toEqual([...one.inputs].sort());
  }
  // What an import reaches is an input (a change to it bundles the source again); a type-only import
  // esbuild does not read, in either way.
  expect(many.get('resolvers/hello.ts')!.inputs).toContain(path.join(root, 'lib', 'words.ts'));
  expect(many.get('resolvers/hello.ts')!.inputs).not.toContain(path.join(root, 'lib', 'types.ts'));
  expect(many.get('small.ts')!.code).toContain('sourceMappingURL');
  expect(many.get('large.ts')!.code).not.toContain('sourceMappingURL');
});
