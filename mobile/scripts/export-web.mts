/**
 * `npm run export:web -w mobile`: the app for Expo's web target (react-native-web), offline, into
 * build/mobile-web, for the screenshot test (test/app/mobile-web.test.ts), with the stand-in outputs
 * file that test swaps for its stack's (scripts/mobile-web.ts).
 */
import { mobileWebDir, standInOutputsFile } from '../../scripts/mobile-web.ts';
import { expoExport } from './expo-export.mts';

const started = Date.now();
expoExport('web', mobileWebDir, standInOutputsFile);
console.log(`mobile: web bundle exported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
