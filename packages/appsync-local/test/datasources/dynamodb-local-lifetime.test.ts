/**
 * DynamoDB Local never outlives the process that started it: killed with SIGKILL, the server takes
 * the JVM with it (the watchdog), and a JVM left over anyway is stopped by the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../src/runtime/process/dynamodb-local.ts';
import { projectDirs } from '../../testing/project.ts';
import { putKeptItem, readKeptItem, startOnDisk, tempDataDir, useCleanups } from './dynamodb-local-runs.ts';

const cleanups = useCleanups();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const killQuietly = (pid: number) => {
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
};

/** Polls until `check` holds; fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const tempDir = () => tempDataDir(cleanups, 'ddb-lifetime-');

/** Starts DynamoDB Local from a child node process; resolves with its port and the pids in the pid file. */
async function startInChild(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; port: number; endpoint: string; java: number; watchdog: number }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'fixtures/dynamodb-local-child.ts'),
      dataDir,
      String(port),
      projectDirs().stateDir,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  cleanups.push(() => killQuietly(child.pid!));
  const ready = await new Promise<{ port: number; endpoint: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n'))
        resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as { port: number; endpoint: string });
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before DynamoDB Local was ready`)));
  });
  const pids = JSON.parse(readFileSync(join(dataDir, 'dynamodb-local.pid'), 'utf8')) as {
    java: number;
    watchdog: number;
  };
  cleanups.push(() => killQuietly(pids.java));
  return { child, ...ready, ...pids };
}

describe('DynamoDB Local lifetime', () => {
  it('stops when the server that started it is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const run = await startInChild(dataDir, 18_700);
    expect(isAlive(run.java)).toBe(true);
    run.child.kill('SIGKILL');
    await eventually(() => !isAlive(run.java), 30_000, 'the JVM stops after its server is killed');
    await eventually(() => !isAlive(run.watchdog), 10_000, 'the watchdog exits');
    // The next start gets the same port and the same data directory, free again.
    const next = await startOnDisk(cleanups, dataDir, run.port);
    expect(next.port).toBe(run.port);
    await next.stop();
  }, 300_000);

  it('stops a JVM left running on the same data directory by an earlier run, keeping its data', async () => {
    const dataDir = tempDir();
    const run = await startInChild(dataDir, 18_720);
    await putKeptItem(run.endpoint, 'left-over');
    // Kill the watchdog and the server together: nothing is left to stop the JVM.
    process.kill(run.watchdog, 'SIGKILL');
    run.child.kill('SIGKILL');
    await eventually(() => !isAlive(run.watchdog), 10_000, 'the watchdog is gone');
    expect(isAlive(run.java)).toBe(true);

    const next = await startOnDisk(cleanups, dataDir, run.port);
    expect(isAlive(run.java)).toBe(false);
    expect(next.port).toBe(run.port);
    expect(await readKeptItem(next.endpoint, 'left-over')).toEqual({ S: 'kept' });
    await next.stop();
  }, 300_000);

  it('refuses a data directory that a running server is using, and keeps it private', async () => {
    const dataDir = join(tempDir(), 'dynamodb');
    const first = await startOnDisk(cleanups, dataDir, 18_740);
    await expect(
      startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: false, dataDir, port: 18_741 }),
    ).rejects.toThrow(/is in use by a running DynamoDB Local/);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    await first.stop();
  }, 300_000);
});
