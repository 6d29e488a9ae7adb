/**
 * `npm run bench:startup`: time from spawning `scripts/start.ts` (what `npm start` runs, without npm's
 * own start-up) to its ready line, then Ctrl-C. Cases, in order: a throwaway database with the demo
 * season loaded (`--in-memory`: what a first start costs), an empty throwaway database
 * (`--in-memory --empty`), and a warm start on the kept database of this checkout (`npm start` once to
 * fill it if needed, then timed). `--runs N` (default 3), `--cases demo,empty,warm` (default all).
 *
 * `--json`: one line, `{ readyMs, demoLoadMs, loadAverage }`: `npm start` itself (npm's start-up
 * included) on a fresh data folder (`--data <empty folder>`: a database, user pool and schedules as a
 * fresh clone has none, so the demo season is loaded), from spawn to its ready line, then Ctrl-C.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnStart } from '../scripts/start-child.ts';

if (process.argv.includes('--json')) {
  const data = mkdtempSync(path.join(tmpdir(), 'pickem-startup-'));
  try {
    const started = performance.now();
    const child = await spawnStart(['--data', data], { npm: true });
    const readyMs = Math.round(performance.now() - started);
    const loadAverage = loadavg().map((l) => Number(l.toFixed(2)));
    const demo = /demo season loaded in ([\d.]+) s/.exec(child.output());
    await child.stop();
    console.log(JSON.stringify({ readyMs, demoLoadMs: demo ? Math.round(Number(demo[1]) * 1000) : null, loadAverage }));
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
  process.exit(0);
}

async function timeStart(args: string[]): Promise<number> {
  const started = performance.now();
  const child = await spawnStart(args);
  const ready = performance.now() - started;
  await child.stop();
  return ready;
}

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const runs = Number(option('--runs')) || 3;
const cases: { key: string; name: string; args: string[] }[] = [
  { key: 'demo', name: 'first start, demo season loaded (--in-memory)', args: ['--in-memory'] },
  { key: 'empty', name: 'empty (--in-memory --empty)', args: ['--in-memory', '--empty'] },
  { key: 'warm', name: 'warm (kept database, demo season already there)', args: [] },
];
const only = option('--cases')?.split(',');
const chosen = cases.filter((c) => !only || only.includes(c.key));
if (chosen.some((c) => c.key === 'warm')) await timeStart([]); // fills the kept database on a fresh checkout
for (const c of chosen) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await timeStart(c.args));
  times.sort((a, b) => a - b);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `${c.name.padEnd(50)} min ${s(times[0])} s, median ${s(times[Math.floor(times.length / 2)])} s, max ${s(times[times.length - 1])} s (${runs} runs)`,
  );
}
