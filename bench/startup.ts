/**
 * `npm run bench:startup`: time from spawning `scripts/start.ts` (what `npm start` runs, without npm's
 * own start-up) to its ready line, then Ctrl-C. Cases, in order: a throwaway database with the demo
 * season loaded (`--in-memory`: what a first start costs), an empty throwaway database
 * (`--in-memory --empty`), and a warm start on the kept database of this checkout (`npm start` once to
 * fill it if needed, then timed).
 */
import { spawn } from 'node:child_process';
import { repoRoot } from '../appsync/bundle.ts';

const READY = 'Ctrl-C stops.';

async function timeStart(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = await new Promise<number>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) resolve(performance.now() - started);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then((code) => reject(new Error(`start.ts ${args.join(' ')} exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`not ready after 5 minutes:\n${output}`)), 300_000).unref();
  });
  child.kill('SIGINT');
  await exited;
  return ready;
}

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const cases: { name: string; args: string[] }[] = [
  { name: 'first start, demo season loaded (--in-memory)', args: ['--in-memory'] },
  { name: 'empty (--in-memory --empty)', args: ['--in-memory', '--empty'] },
  { name: 'warm (kept database, demo season already there)', args: [] },
];
await timeStart([]); // fills the kept database on a fresh checkout, so that the warm case is warm
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await timeStart(c.args));
  times.sort((a, b) => a - b);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`${c.name.padEnd(50)} min ${s(times[0])} s, median ${s(times[Math.floor(times.length / 2)])} s, max ${s(times[times.length - 1])} s (${runs} runs)`);
}
