/**
 * `npm run bench:app`: the web app's bundle (app/dist, raw and gzip) and its first load on the local
 * stack (`npm start -- --in-memory`) in headless Chromium at 390 × 844, median of --runs N (default 5):
 * a cold load in a fresh profile to the sign-in form, signing in to the events list, and a reload
 * signed in (HTTP cache warm) to the events list. Then the same two first screens on a phone's link
 * (slow-4g.ts: DevTools' "Slow 4G", HTTP cache empty): a returning signed-in player's load to the events
 * list (`eventsListMsSlow4g`, with the gzipped JavaScript and CSS it fetched: `firstLoadJsGzipBytes`,
 * `firstLoadCssGzipBytes`), and a new visitor's to the sign-in form (`signedOut`). `--json` prints one
 * JSON object on one line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appDist, ensureAppBuilt } from '../scripts/app-server.ts';
import { launchChromium } from '../scripts/app-browser.ts';
import { DEMO_PASSWORD, demoEmail } from '../scripts/local-user-pool.ts';
import { npmStart } from '../scripts/start-child.ts';
import { recordScriptsAndStyles, throttleSlow4g, watchFor } from './slow-4g.ts';

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

/** An event of the demo, on the events list. */
const EVENT = 'AEW Full Gear';
const SIGN_IN_FIELD = 'input[name=username]';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const stack = await npmStart(['--in-memory']);
const times = { coldToSignIn: [] as number[], signInToEvents: [] as number[], reloadToEvents: [] as number[] };
type Sizes = Awaited<ReturnType<ReturnType<typeof recordScriptsAndStyles>['sizes']>>;
const slow4g = {
  eventsList: [] as number[],
  signInForm: [] as number[],
  signedIn: [] as Sizes[],
  signedOut: [] as Sizes[],
};
try {
  for (let i = 0; i < runs; i += 1) {
    const browser = await launchChromium({ viewport: { width: 390, height: 844 } });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const events = page.getByRole('link', { name: new RegExp(EVENT) });
      let t = performance.now();
      await page.goto(stack.appUrl, { waitUntil: 'commit' });
      await page.locator(SIGN_IN_FIELD).waitFor();
      times.coldToSignIn.push(performance.now() - t);
      await page.fill(SIGN_IN_FIELD, demoEmail('player01'));
      await page.fill('input[name=password]', DEMO_PASSWORD);
      t = performance.now();
      await page.click('button[type=submit]');
      await events.waitFor();
      times.signInToEvents.push(performance.now() - t);
      t = performance.now();
      await page.reload({ waitUntil: 'commit' });
      await events.waitFor();
      times.reloadToEvents.push(performance.now() - t);

      // A returning player (signed in: Auth's tokens in localStorage) on a phone, the app not cached.
      await throttleSlow4g(page);
      const eventsShown = await watchFor(page, 'a', EVENT);
      const fetched = recordScriptsAndStyles(page);
      await page.goto(stack.appUrl, { waitUntil: 'commit' });
      await events.waitFor();
      slow4g.eventsList.push(await eventsShown.shownMs());
      slow4g.signedIn.push(await fetched.sizes());
    } finally {
      await browser.close();
    }
    // A new visitor on a phone: the sign-in form.
    const visitor = await launchChromium({ viewport: { width: 390, height: 844 } });
    try {
      const page = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      await throttleSlow4g(page);
      const formShown = await watchFor(page, SIGN_IN_FIELD);
      const fetched = recordScriptsAndStyles(page);
      await page.goto(stack.appUrl, { waitUntil: 'commit' });
      await page.locator(SIGN_IN_FIELD).waitFor();
      slow4g.signInForm.push(await formShown.shownMs());
      slow4g.signedOut.push(await fetched.sizes());
    } finally {
      await visitor.close();
    }
  }
} finally {
  await stack.stop();
}
const last = <T>(xs: T[]) => xs[xs.length - 1];
const result = {
  firstLoadJsGzipBytes: last(slow4g.signedIn).jsGzipBytes,
  firstLoadCssGzipBytes: last(slow4g.signedIn).cssGzipBytes,
  eventsListMsSlow4g: Math.round(median(slow4g.eventsList)),
  signedOut: {
    jsGzipBytes: last(slow4g.signedOut).jsGzipBytes,
    cssGzipBytes: last(slow4g.signedOut).cssGzipBytes,
    signInFormMsSlow4g: Math.round(median(slow4g.signInForm)),
  },
  slow4gRuns: slow4g.eventsList.length,
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
  const spread = (xs: number[]) => `min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))}`;
  console.log(
    `slow 4G, signed in, to the events list: median ${result.eventsListMsSlow4g} ms (${spread(slow4g.eventsList)}); ` +
      `fetched JS ${kb(result.firstLoadJsGzipBytes)} gzip, CSS ${kb(result.firstLoadCssGzipBytes)} gzip`,
  );
  console.log(
    `slow 4G, signed out, to the sign-in form: median ${result.signedOut.signInFormMsSlow4g} ms (${spread(slow4g.signInForm)}); ` +
      `fetched JS ${kb(result.signedOut.jsGzipBytes)} gzip, CSS ${kb(result.signedOut.cssGzipBytes)} gzip`,
  );
}
