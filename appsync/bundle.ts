/**
 * The one esbuild configuration for APPSYNC_JS code, used by `npm run build`, the local runtime and
 * the cloud stack alike (AWS's recommended settings; `@aws-appsync/utils` is supplied by AppSync).
 */
import { buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { MAX_CODE_CHARS } from './limits.ts';


export const repoRoot = path.resolve(import.meta.dirname, '..');

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

/** Bundles one repo-relative TypeScript resolver source to APPSYNC_JS code. */
export function bundleResolver(source: string): string {
  const result = buildSync({ ...appsyncBuildOptions, entryPoints: [path.join(repoRoot, source)], write: false });
  const code = result.outputFiles[0].text;
  if (code.length > MAX_CODE_CHARS) {
    throw new Error(`${source}: bundled code is ${code.length} characters; AppSync allows ${MAX_CODE_CHARS}`);
  }
  return code;
}
