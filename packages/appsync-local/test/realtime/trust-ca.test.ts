/**
 * `appsync-local-trust-ca` on Linux: the local CA lands in the user's NSS database, and headless Chromium
 * started as that user then opens an HTTPS page signed by it, where a user without it is refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateLocalCa, serverCertificate } from '../../src/runtime/tls/local-ca.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../testing/chromium.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/trust-ca.mjs');
const hasCertutil = !spawnSync('certutil', ['--version'], { stdio: 'ignore' }).error;
// CI installs both (.ci/run); elsewhere the test needs them.
const skip = (!hasCertutil || !existsSync(CHROMIUM)) && !process.env.CI;
if (skip) console.warn('trust-ca tests skipped: needs certutil (libnss3-tools) and /usr/bin/chromium');

/** Whether Chromium, run with this HOME, loads `url` without a certificate error. */
async function chromiumOpens(home: string, url: string): Promise<boolean> {
  const profile = mkdtempSync(path.join(tmpdir(), 'trust-ca-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, HOME: home },
  });
  try {
    const page = await context.newPage();
    return await page.goto(url).then(
      (response) => response?.ok() ?? false,
      (error: Error) => {
        if (!/ERR_CERT/.test(error.message)) throw error;
        return false;
      },
    );
  } finally {
    await context.close();
  }
}

describe.skipIf(skip)('appsync-local-trust-ca', () => {
  let stateDir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'trust-ca-state-'));
    const ca = await loadOrCreateLocalCa(stateDir);
    const tls = await serverCertificate(ca);
    server = createServer({ cert: tls.cert, key: tls.key }, (_req, res) => res.end('trusted'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  it('puts the CA in the NSS database Chromium reads, which then trusts the local server', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'trust-ca-home-'));
    const stranger = mkdtempSync(path.join(tmpdir(), 'trust-ca-stranger-'));
    expect(await chromiumOpens(stranger, url)).toBe(false);

    const out = execFileSync(process.execPath, [BIN, '--state-dir', stateDir], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
    });
    expect(out).toContain(`certutil -d sql:${path.join(home, '.pki', 'nssdb')} -A`);
    const listed = execFileSync('certutil', ['-L', '-d', `sql:${path.join(home, '.pki', 'nssdb')}`], {
      encoding: 'utf8',
    });
    expect(listed).toMatch(/appsync-local CA\s+C,,/);
    expect(await chromiumOpens(home, url)).toBe(true);
  }, 120_000);

  it('adds it to each Firefox profile too, and --dry-run changes nothing', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'trust-ca-home-'));
    const profile = path.join(home, '.mozilla', 'firefox', 'abcd.default-release');
    mkdirSync(profile, { recursive: true });
    execFileSync('certutil', ['-d', `sql:${profile}`, '-N', '--empty-password']);

    const dry = execFileSync(process.execPath, [BIN, '--state-dir', stateDir, '--dry-run'], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
    });
    expect(dry).toContain(`sql:${profile}`);
    expect(execFileSync('certutil', ['-L', '-d', `sql:${profile}`], { encoding: 'utf8' })).not.toContain(
      'appsync-local CA',
    );

    execFileSync(process.execPath, [BIN, '--state-dir', stateDir], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
    });
    expect(execFileSync('certutil', ['-L', '-d', `sql:${profile}`], { encoding: 'utf8' })).toMatch(
      /appsync-local CA\s+C,,/,
    );
  });

  it('refuses a state folder without a CA, with the step to take', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'trust-ca-empty-'));
    const done = spawnSync(process.execPath, [BIN, '--state-dir', empty], { encoding: 'utf8' });
    expect(done.status).toBe(1);
    expect(done.stderr).toContain('start the local API once first');
  });
});
