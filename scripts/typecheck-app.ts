/**
 * Type-checks the web app and every snippet for app developers (docs/clients.md) under the TypeScript versions
 * people install: the repo's TypeScript 5 and the app's TypeScript 7 (what a new Vite app installs).
 * A README snippet is a code block after `<!-- compiled: <file> -->`; it is compiled twice, beside a
 * local amplify_outputs.json (what `npm start` writes) and beside a deployed backend's
 * (test/app/cloud-amplify_outputs.json, no `custom`), with the generated documents in ./graphql/.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../project.ts';
import { localOutputs } from 'appsync-local';

/** The `tsc` that `typescript` resolves to from a package folder, with its version. */
function tscOf(packageDir: string): { version: string; tsc: string } {
  const manifest = createRequire(path.join(packageDir, 'package.json')).resolve('typescript/package.json');
  return {
    version: JSON.parse(readFileSync(manifest, 'utf8')).version,
    tsc: path.join(path.dirname(manifest), 'bin/tsc'),
  };
}
const compilers = Object.fromEntries(
  [tscOf(repoRoot), tscOf(path.join(repoRoot, 'app'))].map(({ version, tsc }) => [`TypeScript ${version}`, tsc]),
);
if (
  !Object.keys(compilers).some((v) => v.startsWith('TypeScript 5.')) ||
  !Object.keys(compilers).some((v) => v.startsWith('TypeScript 7.'))
) {
  throw new Error(`expected TypeScript 5 (the repo's) and 7 (the app's); found ${Object.keys(compilers).join(', ')}`);
}

export function readmeSnippets(
  readme = readFileSync(path.join(repoRoot, 'docs/clients.md'), 'utf8'),
): Map<string, string> {
  const snippets = new Map<string, string>();
  for (const m of readme.matchAll(/<!-- compiled: ([\w.-]+) -->\s*```\w+\n([\s\S]*?)```/g)) snippets.set(m[1], m[2]);
  return snippets;
}

const local = localOutputs({
  apiUrl: 'http://127.0.0.1:4000/graphql',
  authorizationTypes: ['AWS_IAM'],
  pool: { userPoolId: 'local_5Kx2abcd', clientId: '3fjexample' } as Parameters<typeof localOutputs>[0]['pool'],
  userPoolEndpoint: 'http://127.0.0.1:4001',
  usernameAttributes: ['email'],
  groups: ['admin'],
});
const outputsFiles = {
  local: JSON.stringify(local, null, 2),
  cloud: readFileSync(path.join(repoRoot, 'test/app/cloud-amplify_outputs.json'), 'utf8'),
};

/** Writes the snippets into build/snippets/<outputs>/ with that outputs file; returns the project folders. */
function snippetProjects(): string[] {
  const snippets = readmeSnippets();
  if (snippets.size === 0) throw new Error('docs/clients.md has no <!-- compiled: ... --> snippet');
  return Object.entries(outputsFiles).map(([name, outputs]) => {
    const dir = path.join(repoRoot, 'build/snippets', name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    cpSync(path.join(repoRoot, 'client/graphql'), path.join(dir, 'src/graphql'), { recursive: true });
    writeFileSync(path.join(dir, 'src/amplify_outputs.json'), outputs);
    for (const [file, code] of snippets) writeFileSync(path.join(dir, 'src', file), code);
    // What the README's snippets leave to the app: the event on screen and what it shows.
    writeFileSync(
      path.join(dir, 'src/app-globals.d.ts'),
      [
        'declare const eventId: string;',
        'declare function showResult(match: unknown): void;',
        'declare function showBoard(board: unknown): void;',
        'declare function showState(state: string): void;',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify(
        { extends: '../../../app/tsconfig.json', compilerOptions: { types: [] }, include: ['src'] },
        null,
        2,
      ),
    );
    return dir;
  });
}

/** Every project under every compiler, two at a time (two cores). */
const runs = [path.join(repoRoot, 'app'), ...snippetProjects()].flatMap((project) =>
  Object.entries(compilers).map(([version, tsc]) => ({ project, version, tsc })),
);
const failures: string[] = [];
async function worker(): Promise<void> {
  for (let run = runs.shift(); run; run = runs.shift()) {
    const { project, version, tsc } = run;
    await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: repoRoot }).catch(
      (err: { stdout: string; stderr: string }) => {
        failures.push(`${version}, ${path.relative(repoRoot, project)}:\n${err.stdout}${err.stderr}`);
      },
    );
  }
}
await Promise.all([worker(), worker()]);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`app and README snippets type-check under ${Object.keys(compilers).join(' and ')}`);
