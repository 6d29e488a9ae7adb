/**
 * `npm run bench:app`: the web app's bundle (app/dist, raw and gzip) and its first load on the local
 * stack (`npm start -- --in-memory`) in headless Chromium at 390 × 844, median of --runs N (default 5):
 * a cold load in a fresh profile to the sign-in form, signing in to the events list, and a reload
 * signed in (HTTP cache warm) to the events list. `--json` prints one JSON object.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appDist, ensureAppBuilt } from '../scripts/app-server.ts';
import { launchChromium } from '../scripts/app-browser.ts';
import { DEMO_PASSWORD, demoEmail } from '../scripts/local-user-pool.ts';
import { npmStart } from '../scripts/start-child.ts';

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const runs = Number(option('--runs')) || 5;
const json = process.argv.includes('--json');

await ensureAppBuilt();
const files = readdirSync(path.join(appDist, 'assets')).map((name) => path.join(appDist, 'assets', name));
files.push(path.join(appDist, 'index.html'));
const bundle = files.map((file) => ({
  file: path.relative(appDist, file),
  bytes: statSync(file).size,
  gzip: gzipSync(readFileSync(file)).length,
}));
const total = { bytes: bundle.reduce((n, f) => n + f.bytes, 0), gzip: bundle.reduce((n, f) => n + f.gzip, 0) };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const stack = await npmStart(['--in-memory']);
const times = { coldToSignIn: [] as number[], signInToEvents: [] as number[], reloadToEvents: [] as number[] };
try {
  for (let i = 0; i < runs; i += 1) {
    const browser = await launchChromium({ viewport: { width: 390, height: 844 } });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const events = page.getByRole('link', { name: /AEW Full Gear/ });
      let t = performance.now();
      await page.goto(stack.appUrl, { waitUntil: 'commit' });
      await page.locator('input[name=username]').waitFor();
      times.coldToSignIn.push(performance.now() - t);
      await page.fill('input[name=username]', demoEmail('player01'));
      await page.fill('input[name=password]', DEMO_PASSWORD);
      t = performance.now();
      await page.click('button[type=submit]');
      await events.waitFor();
      times.signInToEvents.push(performance.now() - t);
      t = performance.now();
      await page.reload({ waitUntil: 'commit' });
      await events.waitFor();
      times.reloadToEvents.push(performance.now() - t);
    } finally {
      await browser.close();
    }
  }
} finally {
  await stack.stop();
}
const result = {
  bundle: { files: bundle, total },
  firstLoadMs: Object.fromEntries(
    Object.entries(times).map(([k, xs]) => [
      k,
      {
        median: Math.round(median(xs)),
        min: Math.round(Math.min(...xs)),
        max: Math.round(Math.max(...xs)),
        runs: xs.length,
      },
    ]),
  ),
};
if (json) console.log(JSON.stringify(result));
else {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const f of bundle)
    console.log(`${f.file.padEnd(32)} ${kb(f.bytes).padStart(12)}  gzip ${kb(f.gzip).padStart(10)}`);
  console.log(`${'total'.padEnd(32)} ${kb(total.bytes).padStart(12)}  gzip ${kb(total.gzip).padStart(10)}`);
  for (const [k, v] of Object.entries(result.firstLoadMs))
    console.log(`${k}: median ${v.median} ms (min ${v.min}, max ${v.max}, ${v.runs} runs)`);
}
