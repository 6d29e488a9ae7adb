/**
 * `npm run outputs -w mobile [-- <host>]`: copies the local stack's outputs (.local/amplify_outputs.json,
 * written by `npm start`) to mobile/amplify_outputs.json, the file the app bundles, with 127.0.0.1
 * replaced by <host>: 10.0.2.2 for an Android emulator, the machine's LAN address for a phone (start
 * the stack with HOST=0.0.0.0 then). Without <host> the addresses stay 127.0.0.1 (an iOS simulator, or
 * an Android emulator after `adb reverse`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const host = process.argv[2] ?? '127.0.0.1';
if (!/^[\w.:-]+$/.test(host)) {
  console.error(`usage: npm run outputs -w mobile [-- <host>] (got "${host}")`);
  process.exit(2);
}
const from = path.resolve(import.meta.dirname, '../../.local/amplify_outputs.json');
const to = path.resolve(import.meta.dirname, '../amplify_outputs.json');
let text: string;
try {
  text = readFileSync(from, 'utf8');
} catch {
  console.error(`${from} is missing: run \`npm start\` at the repository root first.`);
  process.exit(1);
}
writeFileSync(to, text.replaceAll('://127.0.0.1:', `://${host}:`));
console.log(`Wrote ${to} (addresses on ${host}).`);
