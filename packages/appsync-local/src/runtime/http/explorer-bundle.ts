/**
 * The explorer page's browser bundle (GraphiQL and the act-as bar, from ./explorer/): built with
 * esbuild by the project's build into <build-dir>/explorer/, or by the server on the first request for it when
 * missing or stale, then served from memory. Everything it needs is inside the bundle (no CDN).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** This package's folder: the bundle's input paths are relative to it. */
const PACKAGE_DIR = path.resolve(import.meta.dirname, '../../..');
const ENTRY = 'src/runtime/http/explorer/main.tsx';
/** What the bundle was built from: its inputs' fingerprint, to tell when it is stale. */
const INPUTS_FILE = 'inputs.json';

export const EXPLORER_FILES: Record<string, string> = {
  'explorer.js': 'text/javascript; charset=UTF-8',
  'explorer.css': 'text/css; charset=UTF-8',
};

/** The lock file of the installation this package is in (the nearest one above it). */
function lockFile(): string | undefined {
  for (let dir = PACKAGE_DIR; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package-lock.json'))) return path.join(dir, 'package-lock.json');
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Sizes and times of the inputs, plus the lock file (a dependency upgrade keeps npm's fixed mtimes). */
function fingerprint(inputs: string[]): string {
  const hash = createHash('sha256');
  const lock = lockFile();
  for (const file of [...inputs, ...(lock ? [path.relative(PACKAGE_DIR, lock)] : [])]) {
    const abs = path.join(PACKAGE_DIR, file);
    const stat = existsSync(abs) ? statSync(abs) : null;
    hash.update(`${file}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function isExplorerFresh(dir: string): boolean {
  if (!Object.keys(EXPLORER_FILES).every((f) => existsSync(path.join(dir, f)))) return false;
  try {
    const saved = JSON.parse(readFileSync(path.join(dir, INPUTS_FILE), 'utf8')) as {
      inputs: string[];
      fingerprint: string;
    };
    return fingerprint(saved.inputs) === saved.fingerprint;
  } catch {
    return false;
  }
}

/** Builds the bundle into `dir` (the project's <build-dir>/explorer), replacing it whole. */
export async function buildExplorer(dir: string): Promise<void> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const tmp = mkdtempSync(path.join(path.dirname(dir), '.explorer-'));
  chmodSync(tmp, 0o755);
  try {
    const result = await build({
      entryPoints: { explorer: ENTRY },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      outdir: tmp,
      metafile: true,
      absWorkingDir: PACKAGE_DIR,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    writeFileSync(path.join(tmp, INPUTS_FILE), JSON.stringify({ inputs, fingerprint: fingerprint(inputs) }));
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // Another process (a second test worker) has just put an equal build there: keep it.
      if (!['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const assets = new Map<string, Promise<Map<string, Buffer>>>();

/** The files of the bundle kept in `dir`, built first if missing or stale; read once per process. */
export function explorerAssets(dir: string): Promise<Map<string, Buffer>> {
  let files = assets.get(dir);
  if (!files) {
    files = (async () => {
      if (!isExplorerFresh(dir)) await buildExplorer(dir);
      return new Map(Object.keys(EXPLORER_FILES).map((f) => [f, readFileSync(path.join(dir, f))]));
    })();
    assets.set(dir, files);
    // A failed build is tried again on the next request.
    files.catch(() => assets.delete(dir));
  }
  return files;
}
