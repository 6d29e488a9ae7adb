/**
 * DynamoDB Local never outlives the process that started it: killed with SIGKILL, the server takes
 * the JVM with it (the watchdog), and a JVM left over anyway is stopped by the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient, startDynamoDbLocal } from '../../src/runtime/process/dynamodb-local.ts';
import { ensureTable } from '../../src/runtime/tables.ts';
import { defaultTableDefinition } from '../../testing/dynamodb.ts';
import { projectDirs } from '../../testing/project.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

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

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ddb-lifetime-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

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
    const dataDir = tempDataDir();
    const run = await startInChild(dataDir, 18_700);
    expect(isAlive(run.java)).toBe(true);
    run.child.kill('SIGKILL');
    await eventually(() => !isAlive(run.java), 30_000, 'the JVM stops after its server is killed');
    await eventually(() => !isAlive(run.watchdog), 10_000, 'the watchdog exits');
    // The next start gets the same port and the same data directory, free again.
    const next = await startDynamoDbLocal({
      stateDir: projectDirs().stateDir,
      inMemory: false,
      dataDir,
      port: run.port,
    });
    cleanups.push(() => next.stop());
    expect(next.port).toBe(run.port);
    await next.stop();
  }, 300_000);

  it('stops a JVM left running on the same data directory by an earlier run, keeping its data', async () => {
    const dataDir = tempDataDir();
    const run = await startInChild(dataDir, 18_720);
    const table = { ...defaultTableDefinition, name: 'left-over' };
    const key = { PK: { S: 'K' }, SK: { S: 'S' } };
    const c1 = createDynamoDbClient(run.endpoint, projectDirs().stateDir);
    await ensureTable(c1, table);
    await c1.send(new PutItemCommand({ TableName: table.name, Item: { ...key, v: { S: 'kept' } } }));
    c1.destroy();
    // Kill the watchdog and the server together: nothing is left to stop the JVM.
    process.kill(run.watchdog, 'SIGKILL');
    run.child.kill('SIGKILL');
    await eventually(() => !isAlive(run.watchdog), 10_000, 'the watchdog is gone');
    expect(isAlive(run.java)).toBe(true);

    const next = await startDynamoDbLocal({
      stateDir: projectDirs().stateDir,
      inMemory: false,
      dataDir,
      port: run.port,
    });
    cleanups.push(() => next.stop());
    expect(isAlive(run.java)).toBe(false);
    expect(next.port).toBe(run.port);
    const c2 = createDynamoDbClient(next.endpoint, projectDirs().stateDir);
    const out = await c2.send(new GetItemCommand({ TableName: table.name, Key: key, ConsistentRead: true }));
    expect(out.Item?.v).toEqual({ S: 'kept' });
    c2.destroy();
    await next.stop();
  }, 300_000);

  it('refuses a data directory that a running server is using, and keeps it private', async () => {
    const dataDir = join(tempDataDir(), 'dynamodb');
    const first = await startDynamoDbLocal({
      stateDir: projectDirs().stateDir,
      inMemory: false,
      dataDir,
      port: 18_740,
    });
    cleanups.push(() => first.stop());
    await expect(
      startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: false, dataDir, port: 18_741 }),
    ).rejects.toThrow(/is in use by a running DynamoDB Local/);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    await first.stop();
  }, 300_000);
});
