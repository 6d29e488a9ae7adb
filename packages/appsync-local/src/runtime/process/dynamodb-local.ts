/**
 * Runs AWS's DynamoDB Local (the jar shipped in the npm package amplify-dynamodb-simulator) as a child
 * process (its tables are created by ../tables.ts). Each access key has its own database (no
 * -sharedDb); clients here use the one local credential. The JVM runs under a watchdog process that
 * stops it when this process ends, however it ends; a JVM left by an earlier run on the same data
 * directory (its pid file names it) is stopped before starting.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_REGION, localDynamoDbCredentials } from './dynamodb-credentials.ts';

export interface DynamoDbLocalOptions {
  /** The project's state folder, which keeps the local credential (./dynamodb-credentials.ts). */
  stateDir: string;
  /** Preferred port (default 8000); the next free one is used when it is taken. */
  port?: number;
  inMemory: boolean;
  /** Directory of the database file when not in memory (created if missing). */
  dataDir?: string;
  /** Receives every line DynamoDB Local prints. */
  log?: (line: string) => void;
  /** How long to wait for the first answer (default 120 s). */
  startTimeoutMs?: number;
  /** Options for the JVM, before `-jar` (QUICK_START_JAVA_OPTIONS for a start-up that counts). Default none. */
  javaOptions?: string[];
}

/**
 * JVM options for a DynamoDB Local whose start-up and first few hundred requests count (a development
 * server), measured on 2 cores: the client compiler only (the optimizing one spends seconds of CPU on
 * code a short run never needs: the JVM's CPU for `npm start`'s first start fell from 29 s to 13 s) and
 * the serial collector (no collector threads competing for the cores). Long benchmarks keep the defaults.
 */
export const QUICK_START_JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData'];

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const DEFAULT_PORT = 8000;
const PORT_ATTEMPTS = 50;
/** Longer than the watchdog's own grace, so that it can stop the JVM before it is killed itself. */
const STOP_GRACE_MS = 10_000;
const PID_FILE = 'dynamodb-local.pid';
const WATCHDOG = join(import.meta.dirname, 'dynamodb-local-watchdog.mjs');

/** The emulator directory inside the installed amplify-dynamodb-simulator package. */
export function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

function clientConfig(endpoint: string, stateDir: string) {
  // The pinned SDK supports this Node.js; its notice concerns releases after January 2027.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return {
    endpoint,
    region: LOCAL_REGION,
    credentials: localDynamoDbCredentials(stateDir),
  };
}

/** A client of DynamoDB Local at `endpoint` with the local credential kept in `stateDir`. */
export function createDynamoDbClient(endpoint: string, stateDir: string): DynamoDBClient {
  return new DynamoDBClient({ ...clientConfig(endpoint, stateDir), maxAttempts: 3 });
}

/**
 * Starts DynamoDB Local and resolves once it answers ListTables. The jar has no option to choose the
 * listening address, so it listens on every interface; clients here only ever use 127.0.0.1.
 */
export async function startDynamoDbLocal(opts: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  if (!opts.inMemory && !opts.dataDir)
    throw new Error('startDynamoDbLocal: dataDir is required unless inMemory is true');
  if (opts.dataDir && !opts.inMemory) {
    // The database files are readable by all (the JVM's umask): the folder is not.
    mkdirSync(opts.dataDir, { recursive: true });
    chmodSync(opts.dataDir, 0o700);
    await stopStale(resolve(opts.dataDir));
    adoptSharedDatabase(opts.dataDir, opts.stateDir);
  }
  const preferred = opts.port ?? DEFAULT_PORT;
  let lastError: Error | undefined;
  // A port found free can be taken before the JVM binds it; then try the next one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort(attempt === 0 ? preferred : preferred + 1 + attempt);
    try {
      return await launch(port, opts);
    } catch (err) {
      lastError = err as Error;
      if (!(err instanceof PortTakenError)) throw err;
    }
  }
  throw lastError ?? new Error('DynamoDB Local did not start');
}

class PortTakenError extends Error {}

const BIND_FAILURE = /BindException|Address already in use/i;

async function launch(port: number, opts: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  const dir = emulatorDir();
  const args = [
    ...(opts.javaOptions ?? []),
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    ...(opts.inMemory ? ['-inMemory'] : ['-dbPath', resolve(opts.dataDir as string)]),
    '-disableTelemetry',
  ];
  const pidFile = opts.inMemory ? '-' : join(resolve(opts.dataDir as string), PID_FILE);
  // stdin stays an open pipe that is never written: the watchdog stops the JVM when it closes.
  const child = spawn(process.execPath, [WATCHDOG, pidFile, 'java', ...args], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > 50) output.shift();
    opts.log?.(line);
  };
  pipeLines(child.stdout, onLine);
  pipeLines(child.stderr, onLine);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>((resolve) => {
    child.once('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const untrack = trackChild(child);

  const endpoint = `http://127.0.0.1:${port}`;
  // One attempt per probe: the SDK's retries would only delay noticing that it is up.
  const client = new DynamoDBClient({ ...clientConfig(endpoint, opts.stateDir), maxAttempts: 1 });
  const deadline = Date.now() + (opts.startTimeoutMs ?? 120_000);
  let exitInfo: Awaited<typeof exited> | undefined;
  void exited.then((e) => (exitInfo = e));
  try {
    for (;;) {
      if (exitInfo) {
        const { code, signal, spawnError } = exitInfo;
        if (code === 127 && output.some((line) => /^watchdog: cannot run java: ENOENT/.test(line))) {
          throw new Error('java not found: install a Java 17 runtime and put `java` on PATH to run DynamoDB Local');
        }
        const text = output.join('\n');
        if (BIND_FAILURE.test(text)) throw new PortTakenError(`port ${port} is already in use`);
        throw new Error(
          `DynamoDB Local exited before it was ready (${spawnError ? spawnError.message : `code ${code}, signal ${signal}`}):\n${text}`,
        );
      }
      // A JVM that failed to bind can stay up (its other threads keep it alive), and whatever answers
      // on the port then is another process: give the port up at once.
      if (BIND_FAILURE.test(output.join('\n'))) {
        await stopChild(child, exited);
        throw new PortTakenError(`port ${port} is already in use`);
      }
      if (await answers(client)) {
        // Another process may have taken the port while the JVM started: then it answers, not ours.
        const ours = listensOn(javaPidIn(output), port);
        if (ours === 'ours' || ours === 'cannot tell') break;
        if (ours === 'not ours') {
          await stopChild(child, exited);
          throw new PortTakenError(`port ${port} is answered by another process`);
        }
      }
      if (Date.now() > deadline) {
        await stopChild(child, exited);
        throw new Error(
          `DynamoDB Local did not answer on ${endpoint} within ${opts.startTimeoutMs ?? 120_000} ms:\n${output.join('\n')}`,
        );
      }
      await sleep(150);
    }
  } catch (err) {
    untrack();
    client.destroy();
    throw err;
  }
  client.destroy();

  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    port,
    stop() {
      stopping ??= stopChild(child, exited).finally(untrack);
      return stopping;
    },
  };
}

async function answers(client: DynamoDBClient): Promise<boolean> {
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

const liveChildren = new Set<ChildProcess>();
let exitHooksInstalled = false;

/** Makes sure the JVM does not outlive this process. Returns the function that stops tracking. */
function trackChild(child: ChildProcess): () => void {
  liveChildren.add(child);
  if (!exitHooksInstalled) {
    exitHooksInstalled = true;
    process.once('exit', killAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const onSignal = () => {
        killAll();
        // Without other listeners, keep the default behaviour: die of the same signal.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      };
      process.once(signal, onSignal);
    }
  }
  return () => liveChildren.delete(child);
}

function killAll(): void {
  // The watchdog stops the JVM (it would also notice this process's end by itself).
  for (const child of liveChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  liveChildren.clear();
}

/** The JVM's pid, from the line the watchdog prints first. */
function javaPidIn(output: string[]): number | undefined {
  for (const line of output) {
    const m = /^watchdog: java pid (\d+)$/.exec(line);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** Whether process `pid` holds the listening TCP socket on `port`, from Linux's /proc. */
function listensOn(pid: number | undefined, port: number): 'ours' | 'not ours' | 'not yet known' | 'cannot tell' {
  if (!existsSync('/proc/self/fd')) return 'cannot tell';
  if (pid === undefined) return 'not yet known';
  const sockets = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) sockets.add(m[1]);
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  } catch {
    return 'not ours';
  }
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st ... inode: state 0A is LISTEN, the inode is the 10th column.
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(hexPort) && cols[3] === '0A' && sockets.has(cols[9])) return 'ours';
    }
  }
  return 'not ours';
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return '';
    }
  }
}

/**
 * Stops the JVM an earlier run left on `dataDir` (named by its pid file, and checked to be DynamoDB
 * Local on that directory, since pids are reused). Refuses when that run's watchdog is still alive:
 * another server is using the directory.
 */
async function stopStale(dataDir: string): Promise<void> {
  const file = join(dataDir, PID_FILE);
  let pids: { java?: unknown; watchdog?: unknown };
  try {
    pids = JSON.parse(readFileSync(file, 'utf8')) as typeof pids;
  } catch {
    return;
  }
  const { java, watchdog } = pids;
  const ours = (pid: unknown, part: string): pid is number =>
    typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && isAlive(pid) && commandLineOf(pid).includes(part);
  if (ours(watchdog, 'dynamodb-local-watchdog') && ours(java, dataDir)) {
    throw new Error(
      `${dataDir} is in use by a running DynamoDB Local (pid ${java}); stop the server that started it first`,
    );
  }
  if (ours(java, 'DynamoDBLocal.jar') && commandLineOf(java).includes(dataDir)) {
    process.kill(java, 'SIGTERM');
    const deadline = Date.now() + STOP_GRACE_MS;
    while (isAlive(java) && Date.now() < deadline) await sleep(100);
    if (isAlive(java)) process.kill(java, 'SIGKILL');
    while (isAlive(java) && Date.now() < deadline + STOP_GRACE_MS) await sleep(50);
  }
  rmSync(file, { force: true });
}

/** The database file of -sharedDb runs (before per-key databases) becomes the local credential's. */
function adoptSharedDatabase(dataDir: string, stateDir: string): void {
  const shared = join(dataDir, 'shared-local-instance.db');
  const own = join(dataDir, `${localDynamoDbCredentials(stateDir).accessKeyId}_${LOCAL_REGION}.db`);
  if (existsSync(shared) && !existsSync(own)) renameSync(shared, own);
}

function pipeLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
  stream.on('end', () => {
    if (buffered.trim() !== '') onLine(buffered);
  });
}

/** The first port from `start` on that nothing listens on (checked on all interfaces, like the jar binds). */
async function findFreePort(start: number): Promise<number> {
  for (let port = start; port < start + PORT_ATTEMPTS && port <= 65535; port++) {
    if (await portIsFree(port)) return port;
  }
  // Fall back to a port the OS picks.
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
