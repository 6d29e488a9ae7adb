/**
 * `npm run export -w mobile`: the production bundle for Android (`expo export`: Metro, Hermes bytecode,
 * minified), offline, into mobile/dist, and its size. A broken import, or a module only the web has,
 * fails it. iOS's bundle is the same modules through the same compiler (the app has no platform files),
 * so `npm test` exports the web target beside it instead (`export:web`, which its screenshot test runs).
 * The bundle is built against a cloud outputs file (test/app/'s sample) unless PICKEM_OUTPUTS names
 * another, so the export needs no local stack and no mobile/amplify_outputs.json.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expoExport, mobileDir } from './expo-export.mts';

const outDir = path.join(mobileDir, 'dist');
const started = Date.now();
expoExport(
  'android',
  outDir,
  process.env.PICKEM_OUTPUTS ?? path.join(mobileDir, '../test/app/cloud-amplify_outputs.json'),
);
const dir = path.join(outDir, '_expo/static/js/android');
const bytes = readdirSync(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
console.log(`mobile: android bundle ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`);
console.log(`mobile: exported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
