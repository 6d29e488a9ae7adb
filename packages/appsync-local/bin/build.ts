/**
 * Bundles an API's code for AppSync and the local runtime alike:
 *   appsync-local-build --root <dir> --build-dir <dir> --wiring <module>[#<export>]
 * empties the build folder, bundles every resolver and pipeline function of the wiring (the module's
 * export `wiring` unless named; its code paths relative to the root) into it, each at its source's path
 * with .js, and the explorer page into its explorer/.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ApiWiring, bundlePath, resolverBundler, wiringSources } from 'appsync-cloud';
import { buildExplorer, EXPLORER_FILES } from '../src/runtime/http/explorer-bundle.ts';
import { takeFlag, takeFolder, usageFailure } from './flags.ts';

const USAGE = 'usage: appsync-local-build --root <dir> --build-dir <dir> --wiring <module>[#<export>]';
const fail: (message: string) => never = usageFailure(USAGE);

const args = process.argv.slice(2);
const root = takeFolder(args, 'root', fail);
const buildDir = takeFolder(args, 'build-dir', fail);
const wiringArg = takeFlag(args, 'wiring') ?? fail('--wiring <module> is required');
if (args.length > 0) fail(`unexpected argument ${args[0]}`);
const [modulePath, exportName = 'wiring'] = wiringArg.split('#');
const shown = (dir: string) => `${path.relative(process.cwd(), dir) || '.'}/`;

const loaded = (await import(pathToFileURL(path.resolve(root, modulePath)).href)) as Record<
  string,
  ApiWiring | undefined
>;
const wiring = loaded[exportName] ?? fail(`${modulePath} has no export "${exportName}"`);

rmSync(buildDir, { recursive: true, force: true });
const bundler = resolverBundler(root);
const sources = wiringSources(wiring);
// All at once (one esbuild run), then any it left out alone, which throws with what is wrong.
const bundled = bundler.bundleResolversWithInputs(sources);
for (const source of sources) {
  const out = bundlePath(buildDir, source);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bundled.get(source)?.code ?? bundler.bundleResolver(source));
}
console.log(`bundled ${sources.length} resolver sources into ${shown(buildDir)}`);

const started = performance.now();
const explorerDir = path.join(buildDir, 'explorer');
await buildExplorer(explorerDir);
const kb = Object.keys(EXPLORER_FILES).map(
  (f) => `${f} ${Math.round(statSync(path.join(explorerDir, f)).size / 1024)} KB`,
);
console.log(
  `bundled the explorer page into ${shown(explorerDir)} (${kb.join(', ')}) in ${Math.round(performance.now() - started)} ms`,
);
