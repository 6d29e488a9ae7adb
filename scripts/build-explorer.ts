/** `npm run build`, second step: bundles the local explorer page (GraphiQL) into build/explorer/. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildExplorer, EXPLORER_DIR, EXPLORER_FILES } from 'appsync-local/local/http/explorer-bundle.ts';

const started = performance.now();
await buildExplorer();
const kb = Object.keys(EXPLORER_FILES).map((f) => `${f} ${Math.round(statSync(path.join(EXPLORER_DIR, f)).size / 1024)} KB`);
console.log(`bundled the explorer page into build/explorer/ (${kb.join(', ')}) in ${Math.round(performance.now() - started)} ms`);
