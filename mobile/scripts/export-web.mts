/**
 * `npm run export:web -w mobile [-- <folder>]`: the app for Expo's web target (react-native-web), offline,
 * into <folder> (build/mobile-web by default), for the screenshot test (test/app/mobile-web.test.ts). The
 * outputs file is bundled at build time: PICKEM_OUTPUTS names the local stack's, else test/app/'s cloud sample.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const mobileDir = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(mobileDir, '../build/mobile-web'));
const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
const expo = spawnSync('npx', ['--no-install', 'expo', 'export', '--platform', 'web', '--output-dir', outDir], {
  cwd: mobileDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    EXPO_OFFLINE: '1', // no request to Expo's servers
    EXPO_NO_TELEMETRY: '1',
    CI: '1',
    PICKEM_OUTPUTS: process.env.PICKEM_OUTPUTS ?? path.join(mobileDir, '../test/app/cloud-amplify_outputs.json'),
  },
});
if (expo.status !== 0) process.exit(expo.status ?? 1);
console.log(`mobile: web bundle exported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
