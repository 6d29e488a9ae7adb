/**
 * The React Native app's web export (`npm run export:web -w mobile`), built once and served to every
 * run of its screenshot test: it bundles a stand-in outputs file (test/app/local-amplify_outputs.json:
 * a local stack's shape, ports 1 and 2, made-up pool ids), and `withOutputs` swaps those values for a
 * running stack's as the test serves the bundle (the app reads its outputs at build time, and each
 * `npm start --in-memory` has its own ports and pool).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const mobileWebDir = path.join(root, 'build/mobile-web');
export const standInOutputsFile = path.join(root, 'test/app/local-amplify_outputs.json');

/** What the web bundle is built from: the app, the shared client and domain, the lock file, the stand-in outputs. */
const SOURCES = ['mobile', 'client', 'domain', 'package-lock.json', 'test/app/local-amplify_outputs.json'];
const NOT_SOURCES = new Set(['node_modules', 'dist', 'test', '.expo']);

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file)
    .filter((name) => !NOT_SOURCES.has(name))
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), stat.mtimeMs);
}

/** Whether build/mobile-web is missing or older than a file it is built from. */
export function webBundleStale(): boolean {
  let built: number;
  try {
    built = statSync(path.join(mobileWebDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built);
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Each string of the stand-in outputs, paired with the same field of `outputs` where it differs. */
function swaps(standIn: Json, outputs: Json | undefined, found: Map<string, string>): Map<string, string> {
  if (typeof standIn === 'string' && typeof outputs === 'string' && standIn !== outputs) found.set(standIn, outputs);
  else if (standIn && typeof standIn === 'object' && outputs && typeof outputs === 'object')
    for (const [key, value] of Object.entries(standIn)) swaps(value, (outputs as Record<string, Json>)[key], found);
  return found;
}

/** The bundle's text with the stand-in outputs' values replaced by `outputs`' (in one pass, so no replacement is replaced again). */
export function withOutputs(bundle: string, standIn: Json, outputs: Json): string {
  const found = swaps(standIn, outputs, new Map());
  if (found.size === 0) return bundle;
  const longestFirst = [...found.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(longestFirst.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return bundle.replace(pattern, (standInValue) => found.get(standInValue)!);
}
