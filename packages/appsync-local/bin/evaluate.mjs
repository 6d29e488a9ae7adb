#!/usr/bin/env node
// `appsync-local-evaluate --build-dir <dir> --state-dir <dir> <evaluate's own arguments>`: runs
// bin/evaluate.ts as one plain-node bundle (<build-dir>/evaluate.mjs), bundling it first when the bundle
// is missing or older than any file it was made from. Plain JavaScript, so that starting it costs no
// TypeScript loader. eslint, needed only for code not seen before, is bundled apart
// (<build-dir>/evaluate-eslint.cjs, from bin/evaluate-eslint.cjs). The bundle keeps eslint's verdicts in
// <state-dir>/evaluate-lint/. Both folders are the project's, relative to where the command runs.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Takes `--<name> <value>` from the front of the arguments, leaving the rest for evaluate itself. */
function takeFolder(name) {
  if (process.argv[2] !== `--${name}` || !process.argv[3]) {
    process.stderr.write(`appsync-local-evaluate: --${name} <dir> must come first\n`);
    process.exit(2);
  }
  const dir = path.resolve(process.argv[3]);
  process.argv.splice(2, 2);
  return dir;
}

const buildDir = takeFolder('build-dir');
process.env.APPSYNC_LOCAL_STATE_DIR = takeFolder('state-dir');
const packageDir = path.resolve(import.meta.dirname, '..');
const bundle = path.join(buildDir, 'evaluate.mjs');
const inputsFile = path.join(buildDir, 'evaluate.inputs.json');
const eslintBundle = path.join(buildDir, 'evaluate-eslint.cjs');

function stale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some(
    (file) => !existsSync(path.resolve(packageDir, file)) || statSync(path.resolve(packageDir, file)).mtimeMs > builtAt,
  );
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
    entryPoints: [path.join(packageDir, 'bin', 'evaluate.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'error',
    absWorkingDir: packageDir,
  });
  mkdirSync(buildDir, { recursive: true });
  const eslint = await build({
    entryPoints: [path.join(packageDir, 'bin', 'evaluate-eslint.cjs')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
    absWorkingDir: packageDir,
  });
  writeAtomically(eslintBundle, eslint.outputFiles[0].contents);
  writeAtomically(bundle, result.outputFiles[0].contents);
  writeAtomically(
    inputsFile,
    JSON.stringify([
      ...Object.keys(result.metafile.inputs),
      'bin/evaluate-eslint.cjs',
      createRequire(import.meta.url).resolve('eslint/package.json'),
    ]),
  );
}
await import(pathToFileURL(bundle).href);
