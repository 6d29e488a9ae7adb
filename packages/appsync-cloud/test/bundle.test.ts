/** The resolver bundler keeps an inline source map while the code fits AppSync's limit with it, and drops it when only the code fits. */
import { mkdtempSync, writeFileSync } from 'node:fs';
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
