#!/usr/bin/env node
// `appsync-local-trust-ca --state-dir <dir> [--dry-run]`: makes the local CA (<dir>/local-ca.pem, made by
// the first start) trusted where apps run on this machine, so that `wss://` to the local real-time
// endpoint works in a browser. Linux: every NSS database of the user (Chromium and Chrome in
// ~/.pki/nssdb, each Firefox profile) through `certutil` (Debian: libnss3-tools); macOS: the login
// keychain (`security add-trusted-cert`); Windows: the user's Root store (`certutil -user -addstore`).
// Where it cannot act, it prints the steps. `--dry-run` prints the commands without running them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const NICKNAME = 'appsync-local CA';
const args = process.argv.slice(2);
const dirAt = args.indexOf('--state-dir');
if (dirAt < 0 || !args[dirAt + 1]) {
  process.stderr.write('usage: appsync-local-trust-ca --state-dir <dir> [--dry-run]\n');
  process.exit(2);
}
const dryRun = args.includes('--dry-run');
const pem = path.resolve(args[dirAt + 1], 'local-ca.pem');
if (!existsSync(pem)) {
  process.stderr.write(`appsync-local-trust-ca: ${pem} does not exist yet: start the local API once first\n`);
  process.exit(1);
}

/** Runs (or, with --dry-run, prints) one command; true when it succeeded. */
function run(command, commandArgs) {
  console.log(`$ ${[command, ...commandArgs].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  if (dryRun) return true;
  const done = spawnSync(command, commandArgs, { stdio: 'inherit' });
  return done.status === 0;
}

/** The NSS databases of this user: Chromium's shared one, and every Firefox profile (snap's too). */
function nssDatabases() {
  const home = homedir();
  const dbs = [path.join(home, '.pki', 'nssdb')];
  for (const root of [
    path.join(home, '.mozilla', 'firefox'),
    path.join(home, 'snap', 'firefox', 'common', '.mozilla', 'firefox'),
  ]) {
    if (!existsSync(root)) continue;
    for (const profile of readdirSync(root, { withFileTypes: true })) {
      const dir = path.join(root, profile.name);
      if (profile.isDirectory() && existsSync(path.join(dir, 'cert9.db'))) dbs.push(dir);
    }
  }
  return dbs;
}

function trustOnLinux() {
  if (spawnSync('certutil', ['--version'], { stdio: 'ignore' }).error) {
    console.log(`certutil is missing: install it (Debian, Ubuntu: apt-get install libnss3-tools; Fedora: dnf install nss-tools), then run this again.
Or by hand: Chromium, Chrome: Settings > Privacy and security > Security > Manage certificates > Authorities > Import ${pem} (trust it for websites);
Firefox: Settings > Privacy & Security > Certificates > View Certificates > Authorities > Import.`);
    return false;
  }
  let ok = true;
  for (const db of nssDatabases()) {
    if (!existsSync(path.join(db, 'cert9.db'))) {
      if (!dryRun) mkdirSync(db, { recursive: true });
      ok = run('certutil', ['-d', `sql:${db}`, '-N', '--empty-password']) && ok;
    }
    ok = run('certutil', ['-d', `sql:${db}`, '-A', '-t', 'C,,', '-n', NICKNAME, '-i', pem]) && ok;
  }
  console.log('Restart the browser to load the new authority.');
  return ok;
}

let ok;
if (process.platform === 'linux') ok = trustOnLinux();
else if (process.platform === 'darwin') {
  ok = run('security', [
    'add-trusted-cert',
    '-r',
    'trustRoot',
    '-k',
    path.join(homedir(), 'Library', 'Keychains', 'login.keychain-db'),
    pem,
  ]);
  console.log(
    'Safari and Chrome read the keychain; Firefox: Settings > Privacy & Security > Certificates > View Certificates > Authorities > Import.',
  );
} else if (process.platform === 'win32') {
  ok = run('certutil', ['-user', '-addstore', 'Root', pem]);
  console.log(
    'Edge and Chrome read this store; Firefox: Settings > Privacy & Security > Certificates > View Certificates > Authorities > Import.',
  );
} else {
  console.log(
    `Import ${pem} as a certificate authority trusted for websites in the browser or system where the app runs.`,
  );
  ok = false;
}
process.exit(ok ? 0 : 1);
