/**
 * `npm run export -w mobile`: the production bundles for Android and iOS (`expo export`: Metro, Hermes
 * bytecode, minified), offline, into mobile/dist, and their sizes. A broken import, or a module only
 * the web has, fails it. The bundles are built against a cloud outputs file (test/app/'s sample) unless
 * PICKEM_OUTPUTS names another, so the export needs no local stack and no mobile/amplify_outputs.json.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const mobileDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(mobileDir, 'dist');
const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
const expo = spawnSync(
  'npx',
  ['--no-install', 'expo', 'export', '--platform', 'android', '--platform', 'ios', '--output-dir', outDir],
  {
    cwd: mobileDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      EXPO_OFFLINE: '1', // no request to Expo's servers
      EXPO_NO_TELEMETRY: '1',
      CI: '1',
      PICKEM_OUTPUTS: process.env.PICKEM_OUTPUTS ?? path.join(mobileDir, '../test/app/cloud-amplify_outputs.json'),
    },
  },
);
if (expo.status !== 0) process.exit(expo.status ?? 1);
for (const platform of ['android', 'ios']) {
  const dir = path.join(outDir, '_expo/static/js', platform);
  const bytes = readdirSync(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
  console.log(`mobile: ${platform} bundle ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`);
}
console.log(`mobile: both bundles exported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
