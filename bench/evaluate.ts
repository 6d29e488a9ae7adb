/**
 * `npm run bench:evaluate`: what `npm run --silent evaluate` costs.
 *   - one call, lint verdict cached (the usual loop: same code, new context) and not cached (new code),
 *     against npm's own start-up (`npm run --silent env`) measured in the same run, interleaved;
 *   - `--lines` mode: cost per case over every bundled resolver of the project, each with several
 *     contexts, beyond a `--lines` run of one case; and the same with every case's code distinct.
 * `--json` prints one JSON object instead of text. Figures are medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleResolver, repoRoot } from '../project.ts';
import { wiring } from '../amplify/data/wiring.ts';

const RUNS = 7;
const CONTEXTS_PER_CODE = 20;
const json = process.argv.includes('--json');

function timed(args: string[], input?: string): number {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', '--silent', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    input,
    maxBuffer: 1 << 28,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`npm run ${args.join(' ')} failed: ${run.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-evaluate-'));
try {
  const sources = [...new Set([...wiring.resolvers, ...wiring.functions].map((r) => r.code))];
  const codes = sources.map((source) => bundleResolver(source));
  const codeFile = path.join(dir, 'code.js');
  const contextFile = path.join(dir, 'context.json');
  writeFileSync(codeFile, codes[0]);
  writeFileSync(
    contextFile,
    JSON.stringify({ arguments: { limit: 5 }, identity: { sub: 'u1', username: 'u1', groups: null } }),
  );
  const call = ['evaluate', '--', '--code', codeFile, '--context', contextFile, '--function', 'request'];

  timed(call); // builds the bundle if needed and caches this code's lint verdict
  const npmOnly: number[] = [];
  const cached: number[] = [];
  const uncached: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    npmOnly.push(timed(['env']));
    cached.push(timed(call));
    writeFileSync(codeFile, `${codes[0]}\n// ${process.pid}-${Date.now()}-${i}\n`);
    uncached.push(timed(call));
    writeFileSync(codeFile, codes[0]);
  }

  const cases = codes.flatMap((code, c) =>
    Array.from({ length: CONTEXTS_PER_CODE }, (_, i) =>
      JSON.stringify({
        code,
        context: {
          arguments: { id: `x${i}`, limit: i + 1 },
          identity: { sub: `u${c}`, username: `u${c}`, groups: null },
        },
        function: i % 2 ? 'response' : 'request',
      }),
    ),
  );
  // The same cases with every code made distinct (a comment), so each case is checked and loaded anew.
  const distinct = cases.map((line, i) => {
    const c = JSON.parse(line) as { code: string };
    return JSON.stringify({ ...c, code: `${c.code}\n// case ${i}\n` });
  });
  const oneCase = `${cases[0]}\n`;
  const many = `${cases.join('\n')}\n`;
  const manyDistinct = `${distinct.join('\n')}\n`;
  timed(['evaluate', '--', '--lines'], many); // lint verdicts cached
  timed(['evaluate', '--', '--lines'], manyDistinct);
  const baseLines: number[] = [];
  const manyLines: number[] = [];
  const distinctLines: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    baseLines.push(timed(['evaluate', '--', '--lines'], oneCase));
    manyLines.push(timed(['evaluate', '--', '--lines'], many));
    distinctLines.push(timed(['evaluate', '--', '--lines'], manyDistinct));
  }
  const perCase = (median(manyLines) - median(baseLines)) / (cases.length - 1);
  const perDistinctCase = (median(distinctLines) - median(baseLines)) / (cases.length - 1);

  const result = {
    benchmark: 'evaluate',
    runs: RUNS,
    npmStartMs: median(npmOnly),
    callCachedMs: median(cached),
    callUncachedMs: median(uncached),
    beyondNpmCachedMs: median(cached) - median(npmOnly),
    beyondNpmUncachedMs: median(uncached) - median(npmOnly),
    linesCases: cases.length,
    linesPerCaseMs: perCase,
    linesPerDistinctCodeCaseMs: perDistinctCase,
  };
  if (json) console.log(JSON.stringify(result));
  else {
    console.log(`npm run --silent evaluate, one call (median of ${RUNS}, interleaved):`);
    console.log(`  npm's own start-up (npm run --silent env)   ${result.npmStartMs.toFixed(0)} ms`);
    console.log(
      `  call, lint verdict cached                   ${result.callCachedMs.toFixed(0)} ms  (${result.beyondNpmCachedMs.toFixed(0)} ms beyond npm)`,
    );
    console.log(
      `  call, new code (eslint loaded and run)      ${result.callUncachedMs.toFixed(0)} ms  (${result.beyondNpmUncachedMs.toFixed(0)} ms beyond npm)`,
    );
    console.log(
      `npm run --silent evaluate -- --lines: ${cases.length} cases (${codes.length} resolver codes x ${CONTEXTS_PER_CODE} contexts)`,
    );
    console.log(`  ${perCase.toFixed(2)} ms per case`);
    console.log(
      `  ${perDistinctCase.toFixed(2)} ms per case when every case has its own code (checked and loaded each time, lint verdict cached)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
