/**
 * The one esbuild configuration for APPSYNC_JS code, used by `npm run build`, the local runtime and
 * the cloud stack alike (AWS's recommended settings; `@aws-appsync/utils` is supplied by AppSync).
 */
import { buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { MAX_CODE_CHARS } from './limits.ts';


export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const appsyncBuildOptions: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'esnext',
  sourcemap: 'inline',
  sourcesContent: false,
  external: ['@aws-appsync/utils'],
  logLevel: 'silent',
  // Source-map paths are relative to this directory: the same bytes whoever bundles, from wherever.
  absWorkingDir: repoRoot,
};

/** Where `npm run build` writes the bundle of a repo-relative source file. */
export function bundlePath(source: string): string {
  return path.join(repoRoot, 'build', source.replace(/\.ts$/, '.js'));
}

/** A bundle and the files it was built from (absolute paths, from esbuild's metafile). */
export interface ResolverBundle {
  code: string;
  inputs: string[];
}

/** Bundles one resolver source (repo-relative, or absolute) to APPSYNC_JS code, with its inputs. */
export function bundleResolverWithInputs(source: string): ResolverBundle {
  const result = buildSync({ ...appsyncBuildOptions, entryPoints: [path.resolve(repoRoot, source)], write: false, metafile: true });
  const code = result.outputFiles[0].text;
  if (code.length > MAX_CODE_CHARS) {
    throw new Error(`${source}: bundled code is ${code.length} characters; AppSync allows ${MAX_CODE_CHARS}`);
  }
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(repoRoot, input)) };
}

/** Bundles one repo-relative TypeScript resolver source to APPSYNC_JS code. */
export function bundleResolver(source: string): string {
  return bundleResolverWithInputs(source).code;
}
