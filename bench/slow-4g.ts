/**
 * A phone on a slow 4G link, as Chrome DevTools' "Slow 4G" preset throttles it (its figures: 1.6 Mbit/s
 * down and 750 kbit/s up, each × 0.9, and 150 ms of round trip × 3.75, DevTools' request-level factors),
 * applied to a page over CDP; and what JavaScript and CSS the page fetches meanwhile.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export const SLOW_4G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};

/** Throttles `page` to SLOW_4G with an empty HTTP cache (a first load). */
export async function throttleSlow4g(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

/**
 * When an element matching `selector` (and holding `text`, if given) first shows on the pages `page`
 * loads from now on, in ms from the navigation's start: the page's own clock, read by a MutationObserver
 * (a locator polls, up to half a second late). `shownMs()` reads it once the element is there.
 */
export async function watchFor(page: Page, selector: string, text?: string) {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await page.addInitScript(`{
    const sel = ${JSON.stringify(selector)}, wanted = ${JSON.stringify(text ?? null)};
    const seen = () => [...document.querySelectorAll(sel)].some((el) => wanted === null || el.textContent.includes(wanted));
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      window.shownMs = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }`);
  return { shownMs: () => page.evaluate(() => (window as unknown as { shownMs: number }).shownMs) };
}

/** Records the JavaScript and CSS responses of `page` from now on: `sizes()` sums the gzip of their bodies. */
export function recordScriptsAndStyles(page: Page) {
  const bodies: Promise<{ type: 'js' | 'css' | null; gzip: number }>[] = [];
  const onResponse = (res: Response) => {
    const type = (res.headers()['content-type'] ?? '').replace(/;.*/, '');
    const kind = type === 'text/javascript' ? 'js' : type === 'text/css' ? 'css' : null;
    if (kind)
      bodies.push(
        res.body().then(
          (body) => ({ type: kind, gzip: gzipSync(body).length }),
          () => ({ type: null, gzip: 0 }),
        ),
      );
  };
  page.on('response', onResponse);
  return {
    async sizes() {
      page.off('response', onResponse);
      const all = await Promise.all(bodies);
      const sum = (kind: 'js' | 'css') => all.filter((b) => b.type === kind).reduce((n, b) => n + b.gzip, 0);
      return { jsGzipBytes: sum('js'), cssGzipBytes: sum('css'), files: all.filter((b) => b.type).length };
    },
  };
}
