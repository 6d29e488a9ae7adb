/** Runs `npm start` (scripts/start.ts) as a child process on free ports until it prints its ready text: for the app's tests, screenshots and benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from 'appsync-local/bundle.ts';

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
  /** Ctrl-C, then its exit. */
  stop(): Promise<void>;
}

/** Spawns scripts/start.ts with `args` on free ports; resolves once it prints `Ctrl-C stops.`, rejects if it exits first. */
export async function spawnStart(args: string[]): Promise<StartedChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (text.includes('Ctrl-C stops.')) {
        clearInterval(timer);
        resolve();
      }
    }, 200);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm start exited with ${code}:\n${text}`));
    });
  });
  return {
    process: child,
    output: () => text,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

export async function npmStart(args: string[] = ['--in-memory']): Promise<NpmStart> {
  const started = await spawnStart(args);
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
