/**
 * Loads a wiring module afresh (Node caches every module it imported, so a changed wiring or a file it
 * imports would not be seen by importing it again): esbuild bundles the module with its local imports,
 * packages left external, into a file under `scratchDir` that is imported and deleted. The metafile
 * names the files the wiring was built from, for the watcher.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiWiring } from 'appsync-cloud';

export interface WiringModule {
  /** Absolute or root-relative path of the module. */
  path: string;
  /** Name of its export that holds the ApiWiring. */
  exportName: string;
}

function bundleWiring(module: WiringModule, root: string) {
  return buildSync({
    entryPoints: [path.resolve(root, module.path)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
  });
}

/** The files the wiring module is built from (absolute paths). */
export function wiringInputs(module: WiringModule, root: string): Set<string> {
  return new Set(Object.keys(bundleWiring(module, root).metafile.inputs).map((f) => path.resolve(root, f)));
}

let loads = 0;

/** Imports the module's current text; `scratchDir` must be inside the project, so packages resolve. */
export async function loadWiring(
  module: WiringModule,
  root: string,
  scratchDir: string,
): Promise<{ wiring: ApiWiring; inputs: Set<string> }> {
  const result = bundleWiring(module, root);
  mkdirSync(scratchDir, { recursive: true });
  const file = path.join(scratchDir, `wiring-${process.pid}-${++loads}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const wiring = exports[module.exportName] as ApiWiring | undefined;
    if (!wiring) throw new Error(`${module.path} has no export "${module.exportName}"`);
    return { wiring, inputs: new Set(Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f))) };
  } finally {
    rmSync(file, { force: true });
  }
}
