/** `npm run build`: bundles every resolver and pipeline function in the wiring into build/. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundlePath, bundleResolver, repoRoot } from 'appsync-local/bundle.ts';
import { wiringSources } from 'appsync-local/wiring.ts';
import { wiring } from '../amplify/data/wiring.ts';

rmSync(path.join(repoRoot, 'build'), { recursive: true, force: true });
const sources = wiringSources(wiring);
for (const source of sources) {
  const out = bundlePath(source);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bundleResolver(source));
}
console.log(`bundled ${sources.length} resolver sources into build/`);
