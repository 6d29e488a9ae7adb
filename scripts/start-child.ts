/** Runs `npm start` (scripts/start.ts) as a child process on free ports until it prints its ready text: for the app's tests, screenshots and benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../project.ts';

export interface NpmStart {
  process: ChildProcess;
  output(): string;
  /** The web app's URL, from its `App: <url>` line. */
  appUrl: string;
  /** The API's GraphQL URL. */
  apiUrl: string;
  /** The printed ready-to-paste tokens: the demo player's, then the demo admin's. */
  tokens: { player: string; admin: string };
  stop(): Promise<void>;
}

export async function npmStart(args: string[] = ['--in-memory']): Promise<NpmStart> {
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
  const [player, admin] = text.match(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/gm) ?? [];
  if (!player || !admin) throw new Error(`npm start printed no tokens:\n${text}`);
  return {
    process: child,
    output: () => text,
    appUrl: text.match(/^App: (http:\/\/127\.0\.0\.1:\d+\/)$/m)![1],
    apiUrl: text.match(/ready at (http:\/\/127\.0\.0\.1:\d+\/graphql)/)![1],
    tokens: { player, admin },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
