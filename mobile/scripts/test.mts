/**
 * `npm test -w mobile`: the screen tests against a local stack. Starts `npm start --in-memory` (DynamoDB
 * Local, the user pool, the API and the demo season on free ports), hands its outputs file, API URL and
 * admin token to Jest, runs jest-expo, and stops the stack. Arguments go to Jest.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { outboxUrlOf } from '../../scripts/outbox-code.ts';
import { npmStart } from '../../scripts/start-child.ts';

const mobileDir = path.resolve(import.meta.dirname, '..');
const jestBin = createRequire(path.join(mobileDir, 'package.json')).resolve('jest/bin/jest');
const started = Date.now();
const stack = await npmStart(['--in-memory', '--no-watch']);
const dir = mkdtempSync(path.join(tmpdir(), 'pickem-mobile-'));
let code = 1;
try {
  const outputsFile = path.join(dir, 'amplify_outputs.json');
  writeFileSync(outputsFile, await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).text());
  console.log(`mobile: local stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const jest = spawn(process.execPath, [jestBin, ...process.argv.slice(2)], {
    cwd: mobileDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      PICKEM_OUTPUTS: outputsFile,
      PICKEM_API_URL: stack.apiUrl,
      PICKEM_OUTBOX_URL: outboxUrlOf(stack.output()),
      PICKEM_ADMIN_TOKEN: stack.tokens.admin,
      PICKEM_DEMO_PASSWORD: DEMO_PASSWORD,
      PICKEM_DEMO_EMAIL: demoEmail('{user}'),
    },
  });
  code = await new Promise<number>((resolve) => jest.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`mobile: screen tests with the stack's start took ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
