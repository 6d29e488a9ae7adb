/** Runs `npm start` (scripts/start.ts) as a child process on free ports until it prints its ready text: for the app's tests, screenshots and benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../project.ts';

export interface NpmStart extends StartedChild {
  /** The web app's URL, from its `App: <url>` line. */
  appUrl: string;
  /** The API's GraphQL URL. */
  apiUrl: string;
  /** The printed ready-to-paste tokens: the demo player's, then the demo admin's. */
  tokens: { player: string; admin: string };
}

export interface StartedChild {
  process: ChildProcess;
  /** Everything it has printed so far, stdout and stderr together. */
  output(): string;
  /** Whether it has exited, by itself or by a signal (V8's out-of-memory abort is SIGABRT). */
  exited(): boolean;
  /** Ctrl-C, then its exit (killed if it has not exited 15 s later). */
  stop(): Promise<void>;
}

/**
 * The V8 heap limit `npm start` runs with (package.json's `start` script names the same flag): V8
 * grows its heap before it collects, so without a limit a burst of garbage shows as hundreds of MB of
 * resident memory it would have given back. 320 MB of old space keeps the server's resident set under
 * 600 MB in `npm run abuse`; what the runtime retains is bounded by its limits (docs/limits.md).
 */
export const START_NODE_FLAGS = ['--max-old-space-size=320'];

/** The line scripts/start.ts prints last, once everything is up. */
const READY_LINE = 'Ctrl-C stops.';
const READY_WITHIN_MS = 300_000;

export interface StartOptions {
  /** The open-file limit to start it under (util-linux's prlimit), for tests of what a flood of sockets may take. */
  openFiles?: number;
  /** Through `npm start` itself, npm's own start-up included (in a process group of its own, which Ctrl-C stops). */
  npm?: boolean;
}

/**
 * Spawns scripts/start.ts (or `npm start`, options.npm) with `args` on free ports; resolves as soon as it prints READY_LINE, rejects
 * if it exits first or is not ready within 5 minutes (then it is killed).
 */
export async function spawnStart(args: string[], options: StartOptions = {}): Promise<StartedChild> {
  const node = options.npm
    ? ['npm', 'start', '--', ...args]
    : [process.execPath, ...START_NODE_FLAGS, '--import', 'tsx', 'scripts/start.ts', ...args];
  const [command, ...commandArgs] = options.openFiles
    ? ['prlimit', `--nofile=${options.openFiles}:${options.openFiles}`, ...node]
    : node;
  const child = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.npm,
  });
  // Ctrl-C in a terminal signals the whole group: npm and the server under it.
  const interrupt = (signal: NodeJS.Signals) => {
    if (!options.npm) return child.kill(signal);
    try {
      return process.kill(-child.pid!, signal);
    } catch {
      return false; // the group has exited
    }
  };
  let text = '';
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      interrupt('SIGKILL');
      reject(new Error(`npm start was not ready after ${READY_WITHIN_MS / 1000} s:\n${text}`));
    }, READY_WITHIN_MS);
    const seen = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes(READY_LINE)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code ?? signal}:\n${text}`));
    });
  });
  return {
    process: child,
    output: () => text,
    exited,
    stop: async () => {
      if (exited()) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      interrupt('SIGINT');
      const timer = setTimeout(() => interrupt('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export async function npmStart(args: string[] = ['--in-memory'], options: StartOptions = {}): Promise<NpmStart> {
  const started = await spawnStart(args, options);
  const text = started.output();
  const [player, admin] = text.match(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/gm) ?? [];
  if (!player || !admin) throw new Error(`npm start printed no tokens:\n${text}`);
  return {
    ...started,
    appUrl: text.match(/^App: (http:\/\/127\.0\.0\.1:\d+\/)$/m)![1],
    apiUrl: text.match(/ready at (http:\/\/127\.0\.0\.1:\d+\/graphql)/)![1],
    tokens: { player, admin },
  };
}
