// `npm run evaluate`: runs scripts/evaluate.ts as one plain-node bundle (build/evaluate.mjs), bundling it
// first when the bundle is missing or older than any file it was made from. Plain JavaScript, so that
// starting it costs no TypeScript loader. eslint, needed only for code not seen before, is bundled
// apart (build/evaluate-eslint.cjs, from scripts/evaluate-eslint.cjs).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'build', 'evaluate.mjs');
const inputsFile = path.join(root, 'build', 'evaluate.inputs.json');
const eslintBundle = path.join(root, 'build', 'evaluate-eslint.cjs');

function stale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((file) => !existsSync(path.join(root, file)) || statSync(path.join(root, file)).mtimeMs > builtAt);
}

/** Written aside and renamed, so a concurrent call never reads a half-written file. */
function writeAtomically(file, contents) {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, contents);
  renameSync(aside, file);
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
  mkdirSync(path.dirname(bundle), { recursive: true });
  const eslint = await build({
    entryPoints: [path.join(root, 'scripts', 'evaluate-eslint.cjs')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
    absWorkingDir: root,
  });
  writeAtomically(eslintBundle, eslint.outputFiles[0].contents);
  writeAtomically(bundle, result.outputFiles[0].contents);
  writeAtomically(inputsFile, JSON.stringify([...Object.keys(result.metafile.inputs), 'scripts/evaluate-eslint.cjs', 'node_modules/eslint/package.json']));
}
await import(pathToFileURL(bundle).href);
