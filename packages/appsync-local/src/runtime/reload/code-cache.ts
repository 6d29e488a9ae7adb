/**
 * Resolver code kept between reloads: each source's bundle with the files it was built from (esbuild's
 * metafile), and its compiled form, so a reload rebundles only the sources a changed file went into
 * and re-checks only the bundles whose bytes changed.
 */
import type { ResolverBundle, ResolverBundler } from 'appsync-cloud';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { compileCode } from '../js/compile.ts';
import { CodeRejected } from '../js/rules.ts';
import type { CompiledCode } from '../types.ts';

const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * A rule violation named where the developer wrote it (the TypeScript file, line and column, from the
 * bundle's inline source map), rather than at its place in the bundle.
 */
function inSource(err: CodeRejected, code: string, root: string): Error {
  const encoded = INLINE_MAP.exec(code)?.[1];
  const map = encoded ? new SourceMap(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))) : undefined;
  const lines = err.violations.map((v) => {
    const entry = map?.findEntry(v.line - 1, v.column - 1);
    const at =
      entry && 'originalSource' in entry
        ? `${path.relative(root, path.resolve(root, entry.originalSource))}:${entry.originalLine + 1}:${entry.originalColumn + 1}`
        : `${err.fileName}:${v.line}:${v.column} (bundle)`;
    return `${at} breaks the APPSYNC_JS rule ${v.rule} (${v.message})`;
  });
  return new Error(lines.join('\n'));
}

export interface CodeCache {
  /** Bundles (if needed) and compiles a source: the runtime's `compile`. */
  compile(source: string): CompiledCode;
  /** Forgets the bundles built from any of these absolute paths. */
  invalidate(changed: Set<string>): void;
  /** Every file the cached bundles were built from. */
  inputs(): Set<string>;
}

export function createCodeCache(bundler: ResolverBundler): CodeCache {
  const bundles = new Map<string, ResolverBundle>();
  const compiled = new Map<string, { code: string; compiled: CompiledCode }>();
  return {
    compile(source) {
      let bundle = bundles.get(source);
      if (!bundle) {
        bundle = bundler.bundleResolverWithInputs(source);
        bundles.set(source, bundle);
      }
      const known = compiled.get(source);
      if (known && known.code === bundle.code) return known.compiled;
      let code: CompiledCode;
      try {
        code = compileCode(source, bundle.code);
      } catch (err) {
        throw err instanceof CodeRejected ? inSource(err, bundle.code, bundler.root) : err;
      }
      compiled.set(source, { code: bundle.code, compiled: code });
      return code;
    },
    invalidate(changed) {
      for (const [source, bundle] of bundles) if (bundle.inputs.some((f) => changed.has(f))) bundles.delete(source);
    },
    inputs() {
      return new Set([...bundles.values()].flatMap((b) => b.inputs));
    },
  };
}
