/**
 * The console admin from the command line: `npm start -- --in-memory` writes its local credentials to
 * .local/console-admin-credentials.json ({ accessKeyId, secretAccessKey, sessionToken }), and
 * `npm run iam-call` signs a request with them: an admin mutation runs, a player's is refused (exit 1).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { CONSOLE_ADMIN_CREDENTIALS_FILE } from '../../amplify/data/console-admin.ts';
import { spawnStart, type StartedChild } from '../../scripts/start-child.ts';

let server: StartedChild;
let url: string;
let written: Record<string, unknown>;
let mode: number;
const scratch = mkdtempSync(path.join(tmpdir(), 'console-admin-cli-'));
const credentialsCopy = path.join(scratch, 'credentials.json');

beforeAll(async () => {
  server = await spawnStart(['--in-memory', '--empty', '--no-watch']);
  // Read at once (spawnStart resolves as the ready line arrives): another test's server may write the same file later.
  const file = path.join(repoRoot, CONSOLE_ADMIN_CREDENTIALS_FILE);
  written = JSON.parse(readFileSync(file, 'utf8'));
  mode = statSync(file).mode & 0o777;
  const text = server.output();
  url = /ready at (http:\/\/127\.0\.0\.1:\d+\/graphql)/.exec(text)![1];
  expect(text).toContain(`Console admin:    AWS_IAM credentials in ${CONSOLE_ADMIN_CREDENTIALS_FILE}`);
  writeFileSync(credentialsCopy, JSON.stringify(written));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function iamCall(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/iam-call.ts', ...args, '--url', url, '--credentials', credentialsCopy],
      { cwd: repoRoot },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm start writes the console admin credentials; npm run iam-call signs with them', () => {
  it('writes { accessKeyId, secretAccessKey, sessionToken }, readable by the owner only', () => {
    expect(Object.keys(written).sort()).toEqual(['accessKeyId', 'secretAccessKey', 'sessionToken']);
    expect(written.accessKeyId).toMatch(/^ASIA[0-9A-F]{16}$/);
    expect(mode).toBe(0o600);
  });

  it('runs an admin mutation as the console admin', async () => {
    const out = await iamCall(
      'mutation($i: CreateEventInput!) { createEvent(input: $i) { id state } }',
      '--variables',
      JSON.stringify({ i: { name: 'CLI Show', date: '2034-05-05', startsAt: '2034-05-05T20:00:00Z' } }),
    );
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ data: { createEvent: { id: '2034-05-05-cli-show', state: 'UPCOMING' } } });
  });

  it("is refused a player's mutation, and exits 1 saying why", async () => {
    const out = await iamCall('mutation { updateMyProfile(displayName: "CLI") { id } }');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('HTTP 401): UnauthorizedException: Permission denied');
  });
});
