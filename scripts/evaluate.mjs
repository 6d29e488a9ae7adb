// `npm run evaluate`: runs scripts/evaluate.ts as one plain-node bundle (build/evaluate.mjs), bundling it
// first when the bundle is missing or older than any file it was made from. Plain JavaScript, so that
// starting it costs no TypeScript loader.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'build', 'evaluate.mjs');
const inputsFile = path.join(root, 'build', 'evaluate.inputs.json');

function stale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((file) => !existsSync(path.join(root, file)) || statSync(path.join(root, file)).mtimeMs > builtAt);
}

if (stale()) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'scripts', 'evaluate.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'error',
    absWorkingDir: root,
  });
  // Written aside and renamed, so a concurrent call never imports a half-written bundle.
  mkdirSync(path.dirname(bundle), { recursive: true });
  const ours = `.${process.pid}.tmp`;
  writeFileSync(bundle + ours, result.outputFiles[0].contents);
  writeFileSync(inputsFile + ours, JSON.stringify(Object.keys(result.metafile.inputs)));
  renameSync(bundle + ours, bundle);
  renameSync(inputsFile + ours, inputsFile);
}
await import(pathToFileURL(bundle).href);
