/**
 * Hot reload of a running local API: the watcher sees a save to a resolver, a file a bundle was built
 * from, the schema or the wiring; the API is rebuilt from them (bundled, checked against the APPSYNC_JS
 * rules, wiring checked against the schema) and swapped in, or the reload is refused with the reason
 * while the previous version keeps serving. Data sources (tables, keys, Lambda handlers) are set up
 * once at start: a wiring that changes them is refused with a request to restart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { wiringSources, type ApiWiring } from 'appsync-cloud';
import type { LocalApi } from '../runtime.ts';
import type { CodeCache } from './code-cache.ts';
import { loadWiring, wiringInputs, type WiringModule } from './load-wiring.ts';
import { watchFiles } from './watch-files.ts';

export interface HotReloadOptions {
  api: LocalApi;
  cache: CodeCache;
  /** Absolute path of the SDL schema. */
  schemaFile: string;
  wiring: ApiWiring;
  /** Where the wiring comes from; without it, a wiring change is not watched. */
  wiringModule?: WiringModule;
  /** The API's variables for a wiring (its table names resolved, and any the runtime adds). */
  environment: (wiring: ApiWiring) => Record<string, string>;
  /** The project root: the wiring's paths are relative to it. */
  root: string;
  /** Scratch space inside the project for loading the wiring. */
  scratchDir: string;
  log: (line: string) => void;
  debounceMs?: number;
}

export interface HotReload {
  /** Resolves when the reloads under way (and those queued behind them) are done. */
  settled(): Promise<void>;
  close(): void;
}

/** What a reload cannot change: data sources are set up once, at start. */
const setUpOnce = (w: ApiWiring) => JSON.stringify(w.dataSources);

export function startHotReload(opts: HotReloadOptions): HotReload {
  const { root } = opts;
  const relative = (file: string) => path.relative(root, file) || file;
  let wiring = opts.wiring;
  let wiringFiles = opts.wiringModule ? wiringInputs(opts.wiringModule, root) : new Set<string>();
  let queue = Promise.resolve();

  async function reload(changed: Set<string>) {
    const started = performance.now();
    const names = [...changed].map(relative).join(', ');
    opts.cache.invalidate(changed);
    let next = wiring;
    try {
      if (opts.wiringModule && [...changed].some((f) => wiringFiles.has(f))) {
        const loaded = await loadWiring(opts.wiringModule, root, opts.scratchDir);
        wiringFiles = loaded.inputs;
        if (setUpOnce(loaded.wiring) !== setUpOnce(wiring)) {
          opts.log(
            `[reload] ${names}: the data sources changed (tables, keys, indexes or Lambda functions); restart to apply. Still serving the previous version.`,
          );
          return;
        }
        next = loaded.wiring;
      }
      opts.api.reload({
        schemaSDL: readFileSync(opts.schemaFile, 'utf8'),
        wiring: next,
        compile: opts.cache.compile,
        environment: opts.environment(next),
      });
      wiring = next;
      opts.log(`[reload] ${names}: serving the new version (${Math.round(performance.now() - started)} ms)`);
    } catch (err) {
      opts.log(`[reload] ${names}: refused, still serving the previous version.\n${(err as Error).message}`);
    } finally {
      watcher.refresh();
    }
  }

  // Only grows: a source whose bundle failed has no inputs in the cache, and must still be watched.
  const watched = new Set<string>();
  const watcher = watchFiles(
    () => {
      const sources = wiringSources(wiring).map((s) => path.resolve(root, s));
      for (const f of [opts.schemaFile, ...wiringFiles, ...sources, ...opts.cache.inputs()]) watched.add(f);
      return watched;
    },
    (changed) => {
      queue = queue.then(() => reload(changed));
    },
    opts.debounceMs,
  );
  return {
    settled: () => queue,
    close: () => watcher.close(),
  };
}
