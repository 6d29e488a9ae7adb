/**
 * The one esbuild configuration for APPSYNC_JS code, used by the build command, the local runtime and
 * the cloud stack alike (AWS's recommended settings; `@aws-appsync/utils` is supplied by AppSync).
 */
import { buildSync, type BuildOptions, type BuildResult } from 'esbuild';
import path from 'node:path';
import { MAX_CODE_CHARS } from './limits.ts';

/** The settings, for a project rooted at `root` (source paths, and those in source maps, are relative to it). */
export function appsyncBuildOptions(root: string): BuildOptions {
  return {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'esnext',
    sourcemap: 'inline',
    sourcesContent: false,
    external: ['@aws-appsync/utils'],
    logLevel: 'silent',
    // Source-map paths are relative to the project root: the same bytes whoever bundles, from wherever.
    absWorkingDir: root,
  };
}

/** A bundle and the files it was built from (absolute paths, from esbuild's metafile). */
export interface ResolverBundle {
  code: string;
  inputs: string[];
}

export interface ResolverBundler {
  /** The project root that source paths are relative to. */
  root: string;
  /** Bundles one resolver source (root-relative, or absolute) to APPSYNC_JS code, with its inputs. */
  bundleResolverWithInputs(source: string): ResolverBundle;
  /** Bundles one resolver source (root-relative, or absolute) to APPSYNC_JS code. */
  bundleResolver(source: string): string;
  /**
   * Bundles many sources at once, each byte for byte as bundleResolverWithInputs would (one esbuild run
   * parses a shared import once, and builds in parallel). A source that fails is left out: bundle it
   * alone for its error.
   */
  bundleResolversWithInputs(sources: string[]): Map<string, ResolverBundle>;
}

/** Bundles the resolvers of the project rooted at `root`. */
export function resolverBundler(root: string): ResolverBundler {
  const options = appsyncBuildOptions(root);
  const build = (source: string, sourcemap: BuildOptions['sourcemap']) =>
    buildSync({ ...options, sourcemap, entryPoints: [path.resolve(root, source)], write: false, metafile: true });
  const bundleResolverWithInputs = (source: string): ResolverBundle => {
    // AppSync counts an inline source map in the code's size: a bundle it would push past the limit
    // goes without it (its errors then name lines of the bundle, not of the source).
    let result = build(source, options.sourcemap);
    if (result.outputFiles[0].text.length > MAX_CODE_CHARS) result = build(source, false);
    const code = result.outputFiles[0].text;
    if (code.length > MAX_CODE_CHARS) {
      throw new Error(`${source}: bundled code is ${code.length} characters; AppSync allows ${MAX_CODE_CHARS}`);
    }
    return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)) };
  };
  const alone = (sources: string[]) => {
    const bundles = new Map<string, ResolverBundle>();
    for (const source of sources) {
      try {
        bundles.set(source, bundleResolverWithInputs(source));
      } catch {
        // Left out, as documented.
      }
    }
    return bundles;
  };
  const bundleResolversWithInputs = (sources: string[]): Map<string, ResolverBundle> => {
    const unique = [...new Set(sources)];
    if (unique.length === 0) return new Map();
    const name = (i: number) => `bundle-${i}`;
    let result: BuildResult<{ write: false; metafile: true }>;
    try {
      // Outputs named at the root, so that their source maps' paths are relative to it, as one source's are.
      result = buildSync({
        ...options,
        entryPoints: Object.fromEntries(unique.map((source, i) => [name(i), path.resolve(root, source)])),
        outdir: root,
        write: false,
        metafile: true,
      });
    } catch {
      return alone(unique);
    }
    const { inputs, outputs } = result.metafile;
    /** Every file esbuild read for an entry (a one-source build's metafile.inputs): its imports, transitively. */
    const reached = (entry: string) => {
      const seen = new Set<string>();
      const next = [entry];
      for (let file = next.pop(); file !== undefined; file = next.pop()) {
        if (seen.has(file) || !inputs[file]) continue;
        seen.add(file);
        for (const imported of inputs[file].imports) if (!imported.external) next.push(imported.path);
      }
      return [...seen].map((file) => path.resolve(root, file));
    };
    const bundles = new Map<string, ResolverBundle>();
    const oversized: string[] = [];
    unique.forEach((source, i) => {
      const out = `${name(i)}.js`;
      const code = result.outputFiles.find((file) => file.path === path.join(root, out))!.text;
      if (code.length > MAX_CODE_CHARS) oversized.push(source);
      else bundles.set(source, { code, inputs: reached(outputs[out].entryPoint!) });
    });
    for (const [source, bundle] of alone(oversized)) bundles.set(source, bundle);
    return bundles;
  };
  return {
    root,
    bundleResolverWithInputs,
    bundleResolver: (source) => bundleResolverWithInputs(source).code,
    bundleResolversWithInputs,
  };
}

/** Where the build command writes the bundle of a root-relative source file. */
export function bundlePath(buildDir: string, source: string): string {
  return path.join(buildDir, source.replace(/\.ts$/, '.js'));
}
