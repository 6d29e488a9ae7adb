/**
 * Resolver bundles kept on disk between starts, one file per source: its code and the bytes' hash of
 * every file esbuild read for it. A bundle is used again only while each of those files still hashes
 * the same, under the same esbuild version and settings; otherwise the source is bundled afresh.
 * (A new file that would change how an import resolves, without any read file changing, is not seen:
 * hot reload has the same blind spot, and a restart after deleting the folder clears it.)
 * Writes are atomic (`atomically`: a temporary file renamed over the target), so processes may share
 * the folder. A file's hash is kept while its size and change and modification times stay the same (the domain
 * files every resolver imports are read once a start, not once a resolver), except for a file changed
 * within the last second, hashed each time: timestamps can be coarse.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { writeFileSync } from 'atomically';
import path from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import { appsyncBuildOptions, type ResolverBundle, type ResolverBundler } from 'appsync-cloud';

interface Stored {
  code: string;
  inputs: [file: string, sha256: string][];
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

const hashes = new Map<string, { stamp: string; hash: string }>();

function hashOf(file: string): string | undefined {
  try {
    // ctime too: a write (or a touch) always moves it, while mtime can be set back.
    const { mtimeMs, ctimeMs, size, ino } = statSync(file);
    const stamp = `${mtimeMs}:${ctimeMs}:${size}:${ino}`;
    const known = hashes.get(file);
    if (known?.stamp === stamp) return known.hash;
    const hash = sha256(readFileSync(file));
    if (ctimeMs < Date.now() - 1000) hashes.set(file, { stamp, hash });
    return hash;
  } catch {
    return undefined;
  }
}

/** Where a start keeps its resolver bundles. */
export const bundleStoreDir = (stateDir: string) => path.join(stateDir, 'appsync-bundles');

/** `bundler`, answering from `dir` when every input of a kept bundle is unchanged. */
export function storedBundles(bundler: ResolverBundler, dir: string): ResolverBundler {
  const settings = JSON.stringify({ esbuildVersion, options: appsyncBuildOptions(bundler.root) });
  const fileOf = (source: string) => path.join(dir, `${sha256(`${settings}\n${source}`)}.json`);
  const read = (source: string): ResolverBundle | undefined => {
    let stored: Stored;
    try {
      stored = JSON.parse(readFileSync(fileOf(source), 'utf8')) as Stored;
    } catch {
      return undefined;
    }
    if (!stored.inputs.every(([file, hash]) => hashOf(file) === hash)) return undefined;
    return { code: stored.code, inputs: stored.inputs.map(([file]) => file) };
  };
  const write = (source: string, bundle: ResolverBundle, startedAt: number) => {
    const inputs = bundle.inputs.map((file): [string, string | undefined] => [file, hashOf(file)]);
    // Kept only if no input changed since bundling began (hashed first, then dated: a change between
    // esbuild's read and the hash shows in the date). Dates within a second count as changed, for
    // file systems with coarse timestamps.
    const changed = (file: string) => !existsSync(file) || statSync(file).mtimeMs >= startedAt - 1000;
    if (inputs.some(([file, hash]) => hash === undefined || changed(file))) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(fileOf(source), JSON.stringify({ code: bundle.code, inputs }));
  };
  const bundleResolverWithInputs = (source: string): ResolverBundle => {
    const kept = read(source);
    if (kept) return kept;
    const startedAt = Date.now();
    const bundle = bundler.bundleResolverWithInputs(source);
    write(source, bundle, startedAt);
    return bundle;
  };
  const bundleResolversWithInputs = (sources: string[]): Map<string, ResolverBundle> => {
    const bundles = new Map<string, ResolverBundle>();
    const missing: string[] = [];
    for (const source of new Set(sources)) {
      const kept = read(source);
      if (kept) bundles.set(source, kept);
      else missing.push(source);
    }
    const startedAt = Date.now();
    for (const [source, bundle] of bundler.bundleResolversWithInputs(missing)) {
      write(source, bundle, startedAt);
      bundles.set(source, bundle);
    }
    return bundles;
  };
  return {
    root: bundler.root,
    bundleResolverWithInputs,
    bundleResolver: (source) => bundleResolverWithInputs(source).code,
    bundleResolversWithInputs,
  };
}
