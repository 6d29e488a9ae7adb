/**
 * What a start keeps on disk for the next one: resolver bundles (used again only while every file they
 * were built from is unchanged) and eslint's verdicts on them (keyed by the checker and the code).
 */
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolverBundler, type ResolverBundler } from 'appsync-cloud';
import { bundleStoreDir, storedBundles } from '../src/runtime/reload/bundle-store.ts';
import { checkerKey, diskLintCache } from '../src/runtime/js/lint-disk-cache.ts';
import { setLintCache } from '../src/runtime/js/rules.ts';
import { prepareResolvers } from '../src/runtime/prepare-resolvers.ts';

const HOUR_AGO = new Date(Date.now() - 3600_000);

function project(): { root: string; write(file: string, text: string, at?: Date): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'start-caches-'));
  return {
    root,
    write(file, text, at = HOUR_AGO) {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
      utimesSync(full, at, at);
    },
  };
}

/** The real bundler, counting the sources it bundles. */
function counted(root: string): { bundler: ResolverBundler; bundled: string[] } {
  const real = resolverBundler(root);
  const bundled: string[] = [];
  return {
    bundled,
    bundler: {
      ...real,
      bundleResolverWithInputs(source) {
        bundled.push(source);
        return real.bundleResolverWithInputs(source);
      },
      bundleResolversWithInputs(sources) {
        bundled.push(...sources);
        return real.bundleResolversWithInputs(sources);
      },
    },
  };
}

const RESOLVER = `import { greeting } from './lib/words';
export function request() { return {}; }
export function response() { return greeting; }
`;

describe('resolver bundles kept between starts', () => {
  it('are used again while every input is unchanged, and rebuilt when one changes', () => {
    const { root, write } = project();
    const store = path.join(root, '.state', 'bundles');
    write('resolvers/hello.ts', RESOLVER);
    write('resolvers/lib/words.ts', `export const greeting = 'hello';\n`);

    const first = counted(root);
    const code = storedBundles(first.bundler, store).bundleResolver('resolvers/hello.ts');
    expect(first.bundled).toEqual(['resolvers/hello.ts']);
    expect(code).toContain('"hello"');

    // Another start: the kept bundle, byte for byte, and esbuild not called.
    const second = counted(root);
    expect(storedBundles(second.bundler, store).bundleResolver('resolvers/hello.ts')).toBe(code);
    expect(second.bundled).toEqual([]);

    // An imported file changes: bundled again, with the change.
    write('resolvers/lib/words.ts', `export const greeting = 'howdy';\n`);
    const third = counted(root);
    expect(storedBundles(third.bundler, store).bundleResolver('resolvers/hello.ts')).toContain('"howdy"');
    expect(third.bundled).toEqual(['resolvers/hello.ts']);
  });

  it('keeps nothing built from a file changed as bundling began (its change could have been missed)', () => {
    const { root, write } = project();
    const store = path.join(root, '.state', 'bundles');
    write('resolvers/hello.ts', RESOLVER);
    write('resolvers/lib/words.ts', `export const greeting = 'hello';\n`, new Date());

    storedBundles(counted(root).bundler, store).bundleResolver('resolvers/hello.ts');
    const again = counted(root);
    storedBundles(again.bundler, store).bundleResolver('resolvers/hello.ts');
    expect(again.bundled).toEqual(['resolvers/hello.ts']);
  });
});

describe("eslint's verdicts kept between starts", () => {
  it('answer the same code under the same checker, and nothing under another', () => {
    const { root, write } = project();
    write('checker.js', 'one version');
    const dir = path.join(root, 'lint');
    const key = checkerKey([path.join(root, 'checker.js')]);
    const verdict = [{ line: 1, column: 1, ruleId: 'no-eval', message: 'no' }];

    diskLintCache(dir, key).set('code', verdict);
    expect(diskLintCache(dir, key).get('code')).toEqual(verdict);
    expect(diskLintCache(dir, key).get('other code')).toBeUndefined();

    write('checker.js', 'another version');
    const changed = checkerKey([path.join(root, 'checker.js')]);
    expect(changed).not.toBe(key);
    expect(diskLintCache(dir, changed).get('code')).toBeUndefined();
    // One file, no partial one left behind.
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('prepareResolvers (npm start runs it while DynamoDB Local starts)', () => {
  it("leaves every resolver's bundle and eslint's verdict for the start, and a broken one for the start to report", () => {
    const { root, write } = project();
    const stateDir = path.join(root, '.state');
    write('resolvers/hello.ts', RESOLVER);
    write('resolvers/lib/words.ts', `export const greeting = 'hello';\n`);
    write(
      'resolvers/evil.ts',
      `export function request() { return eval('1'); }\nexport function response() { return 1; }\n`,
    );
    write('resolvers/missing.ts', `import { nothing } from './lib/nowhere';\nexport const request = () => nothing;\n`);
    const wiring = {
      dataSources: [],
      resolvers: [{ code: 'resolvers/hello.ts' }, { code: 'resolvers/evil.ts' }],
      functions: [{ code: 'resolvers/missing.ts' }, { code: 'resolvers/hello.ts' }],
    } as unknown as Parameters<typeof prepareResolvers>[0]['wiring'];
    try {
      expect(() => prepareResolvers({ root, stateDir, wiring })).not.toThrow();
    } finally {
      setLintCache(null);
    }
    // The two that bundle are kept (hello once, though named twice); the start bundles neither again.
    expect(readdirSync(bundleStoreDir(stateDir))).toHaveLength(2);
    const start = counted(root);
    const kept = storedBundles(start.bundler, bundleStoreDir(stateDir));
    kept.bundleResolver('resolvers/hello.ts');
    kept.bundleResolver('resolvers/evil.ts');
    expect(start.bundled).toEqual([]);
    // eslint's verdicts on both, the clean one and the one with its eval.
    expect(readdirSync(path.join(stateDir, 'appsync-lint'))).toHaveLength(2);
  });
});
