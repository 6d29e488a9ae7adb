/**
 * The explorer page's browser bundle (GraphiQL and the act-as bar, from ./explorer/): built with
 * esbuild by `npm run build` into build/explorer/, or by the server on the first request for it when
 * missing or stale, then served from memory. Everything it needs is inside the bundle (no CDN).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../bundle.ts';

export const EXPLORER_DIR = path.join(repoRoot, 'build', 'explorer');
const ENTRY = 'packages/appsync-local/src/local/http/explorer/main.tsx';
/** What the bundle was built from: its inputs' fingerprint, to tell when it is stale. */
const INPUTS_FILE = 'inputs.json';

export const EXPLORER_FILES: Record<string, string> = {
  'explorer.js': 'text/javascript; charset=UTF-8',
  'explorer.css': 'text/css; charset=UTF-8',
};

/** Sizes and times of the inputs, plus the lock file (a dependency upgrade keeps npm's fixed mtimes). */
function fingerprint(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...inputs, 'package-lock.json']) {
    const abs = path.join(repoRoot, file);
    const stat = existsSync(abs) ? statSync(abs) : null;
    hash.update(`${file}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function isExplorerFresh(dir = EXPLORER_DIR): boolean {
  if (!Object.keys(EXPLORER_FILES).every((f) => existsSync(path.join(dir, f)))) return false;
  try {
    const saved = JSON.parse(readFileSync(path.join(dir, INPUTS_FILE), 'utf8')) as { inputs: string[]; fingerprint: string };
    return fingerprint(saved.inputs) === saved.fingerprint;
  } catch {
    return false;
  }
}

/** Builds the bundle into `dir`, replacing it whole. */
export async function buildExplorer(dir = EXPLORER_DIR): Promise<void> {
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
      absWorkingDir: repoRoot,
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

let assets: Promise<Map<string, Buffer>> | null = null;

/** The bundle's files, built first if missing or stale; read once per process. */
export function explorerAssets(): Promise<Map<string, Buffer>> {
  if (assets === null) {
    assets = (async () => {
      if (!isExplorerFresh()) await buildExplorer();
      return new Map(Object.keys(EXPLORER_FILES).map((f) => [f, readFileSync(path.join(EXPLORER_DIR, f))]));
    })();
    // A failed build is tried again on the next request.
    assets.catch(() => {
      assets = null;
    });
  }
  return assets;
}
