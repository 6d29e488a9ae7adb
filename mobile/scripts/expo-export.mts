/** `expo export` of one platform, offline, into `outDir` (emptied first), built against `outputsFile`; exits on failure. */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export const mobileDir = path.resolve(import.meta.dirname, '..');

export function expoExport(platform: 'android' | 'web', outDir: string, outputsFile: string): void {
  rmSync(outDir, { recursive: true, force: true });
  const expo = spawnSync('npx', ['--no-install', 'expo', 'export', '--platform', platform, '--output-dir', outDir], {
    cwd: mobileDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      EXPO_OFFLINE: '1', // no request to Expo's servers
      EXPO_NO_TELEMETRY: '1',
      CI: '1',
      PICKEM_OUTPUTS: outputsFile,
    },
  });
  if (expo.status !== 0) process.exit(expo.status ?? 1);
}
