/**
 * `npm run export:web -w mobile`: the app for Expo's web target (react-native-web), offline, into
 * build/mobile-web, for the screenshot test (test/app/mobile-web.test.ts), with the stand-in outputs
 * file that test swaps for its stack's (scripts/mobile-web.ts).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { mobileWebDir, standInOutputsFile } from '../../scripts/mobile-web.ts';

const mobileDir = path.resolve(import.meta.dirname, '..');
const started = Date.now();
rmSync(mobileWebDir, { recursive: true, force: true });
const expo = spawnSync('npx', ['--no-install', 'expo', 'export', '--platform', 'web', '--output-dir', mobileWebDir], {
  cwd: mobileDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    EXPO_OFFLINE: '1', // no request to Expo's servers
    EXPO_NO_TELEMETRY: '1',
    CI: '1',
    PICKEM_OUTPUTS: standInOutputsFile,
  },
});
if (expo.status !== 0) process.exit(expo.status ?? 1);
console.log(`mobile: web bundle exported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
