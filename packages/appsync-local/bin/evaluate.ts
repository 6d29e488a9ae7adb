/**
 * Local stand-in for AppSync's EvaluateCode (APIReference/API_EvaluateCode.html):
 *   npm run --silent evaluate -- --code <file.js> --context <context.json> --function request|response
 * prints one JSON object { evaluationResult?, error?, logs, stash, outErrors }; exits 0 even when the
 * handler fails (that is a result), 2 on bad usage or unreadable input.
 *   npm run --silent evaluate -- --lines
 * reads one case a line from stdin, `{ "code" | "codeFile", "context", "function" }` (context as an
 * object or a JSON string, as the API takes it), and prints one result a line, in order.
 *
 * `npm run evaluate` runs this file bundled (bin/evaluate.mjs builds it on demand). The bundle keeps
 * eslint's verdicts in <state-dir>/evaluate-lint/, keyed by the code and by the bundle's own bytes, so a
 * code seen before is not linted again, and any change to the checker starts a fresh cache. For code
 * not seen before, it loads eslint from <build-dir>/evaluate-eslint.cjs with a V8 code cache beside it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { compileCode } from '../src/runtime/js/compile.ts';
import { evaluateCode, type EvaluateOutput } from '../src/runtime/js/evaluate.ts';
import type { CompiledCode } from '../src/runtime/types.ts';
import { setEslintLoader, setLintCache } from '../src/runtime/js/rules.ts';
import { checkerKey, diskLintCache } from '../src/runtime/js/lint-disk-cache.ts';

const USAGE = [
  'usage: npm run --silent evaluate -- --code <file.js> --context <context.json> --function request|response',
  '       npm run --silent evaluate -- --lines   (cases as JSON lines on stdin)',
].join('\n');

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function useDiskLintCache(): void {
  const self = fileURLToPath(import.meta.url);
  const stateDir = process.env.APPSYNC_LOCAL_STATE_DIR; // set by bin/evaluate.mjs, from --state-dir
  if (!self.endsWith('.mjs') || !stateDir) return; // run from source: the checker's files are not one thing to key on
  setLintCache(diskLintCache(path.join(stateDir, 'evaluate-lint'), checkerKey([self])));
}

/**
 * A CommonJS file run with V8's code cache for it (`<file>.v8cache`, made on first use and remade when
 * V8 rejects it): Node 20 has no compile cache of its own, and compiling eslint is most of its load.
 */
function requireWithCodeCache(file: string): unknown {
  const cacheFile = `${file}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    path.dirname(file),
  );
  if (!cachedData || script.cachedDataRejected) {
    // Made at exit, so that it also holds the functions the lint compiled.
    process.once('exit', () => {
      const aside = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(aside, script.createCachedData());
      renameSync(aside, cacheFile);
    });
  }
  return module.exports;
}

function useBundledEslint(): void {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith('.mjs')) return; // run from source: eslint is loaded as usual
  const bundle = path.join(path.dirname(self), 'evaluate-eslint.cjs');
  setEslintLoader(() => requireWithCodeCache(bundle) as ReturnType<Parameters<typeof setEslintLoader>[0]>);
}

/** npm runs scripts from the package root; paths on the command line are the caller's. */
const fromCaller = (file: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function readJson(file: string, what: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(fromCaller(file), 'utf8')) as Record<string, unknown>;
  } catch (e) {
    fail(`cannot read ${what} ${file} as JSON: ${(e as Error).message}`);
  }
}

function single(argv: string[]): void {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (!['--code', '--context', '--function'].includes(flag)) fail(`unknown argument: ${flag}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value`);
    args[flag.slice(2)] = value;
  }
  if (!args.code || !args.context || !args.function) fail('--code, --context and --function are required');
  if (args.function !== 'request' && args.function !== 'response')
    fail(`--function must be request or response, not ${args.function}`);
  let code: string;
  try {
    code = readFileSync(fromCaller(args.code), 'utf8');
  } catch (e) {
    fail(`cannot read --code ${args.code}: ${(e as Error).message}`);
  }
  const context = readJson(args.context, '--context');
  const result = evaluateCode({ code, context, function: args.function, fileName: path.basename(args.code) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

/** In --lines mode each distinct code is checked and loaded once (a compile error is remembered too). */
const compiledByCode = new Map<string, CompiledCode | Error>();
function compileOnce(fileName: string, code: string): CompiledCode {
  let compiled = compiledByCode.get(code);
  if (!compiled) {
    try {
      compiled = compileCode(fileName, code);
    } catch (e) {
      compiled = e as Error;
    }
    compiledByCode.set(code, compiled);
  }
  if (compiled instanceof Error) throw compiled;
  return compiled;
}

function oneCase(line: string): EvaluateOutput | { error: { message: string } } {
  let input: { code?: unknown; codeFile?: unknown; context?: unknown; function?: unknown };
  try {
    input = JSON.parse(line);
  } catch (e) {
    return { error: { message: `invalid case: ${(e as Error).message}` } };
  }
  const fn = input.function;
  if (fn !== 'request' && fn !== 'response')
    return { error: { message: 'invalid case: function must be request or response' } };
  let code = input.code;
  try {
    if (typeof input.codeFile === 'string') code = readFileSync(fromCaller(input.codeFile), 'utf8');
    const context = typeof input.context === 'string' ? JSON.parse(input.context) : (input.context ?? {});
    if (typeof code !== 'string')
      return { error: { message: 'invalid case: code (text) or codeFile (path) is required' } };
    return evaluateCode({ code, context, function: fn }, compileOnce);
  } catch (e) {
    return { error: { message: `invalid case: ${(e as Error).message}` } };
  }
}

async function lines(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim()) process.stdout.write(`${JSON.stringify(oneCase(line))}\n`);
  }
}

useDiskLintCache();
useBundledEslint();
const argv = process.argv.slice(2);
if (argv[0] === '--lines') {
  if (argv.length > 1) fail('--lines takes no other argument');
  await lines();
} else {
  single(argv);
}
