/**
 * eslint's verdicts on APPSYNC_JS code kept on disk, one file per (checker, code) pair: linting is most
 * of what checking a bundle costs (about 25 ms each), and a project's resolvers are checked again at
 * every start. Any change to the checker (its own files, eslint's or the plugin's version) gives a new
 * key, so a stale verdict is never read. Writes are atomic (`atomically`), so processes may share the folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileSync } from 'atomically';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setLintCache, type LintCache, type LintMessage } from './rules.ts';

/** A key for the checker: the given files' bytes (its code) and eslint's and the plugin's versions. */
export function checkerKey(files: string[]): string {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  for (const pkg of ['eslint/package.json', '@aws-appsync/eslint-plugin/package.json']) {
    hash.update(JSON.parse(readFileSync(require.resolve(pkg), 'utf8')).version);
  }
  return hash.digest('hex');
}

/** The checker's own source files, when it runs from source (the runtime); the evaluate CLI keys on its bundle. */
export const CHECKER_SOURCES = ['rules.ts', 'ast.ts', 'denied-methods.ts'].map((name) =>
  path.join(import.meta.dirname, name),
);

export function diskLintCache(dir: string, key: string): LintCache {
  const file = (code: string) => path.join(dir, `${createHash('sha256').update(key).update(code).digest('hex')}.json`);
  return {
    get(code) {
      try {
        return JSON.parse(readFileSync(file(code), 'utf8')) as LintMessage[];
      } catch {
        return undefined;
      }
    },
    set(code, messages) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file(code), JSON.stringify(messages));
    },
  };
}

let runtimeKey: string | undefined;
/** The runtime's verdicts, in `<stateDir>/appsync-lint/`: a start lints only the code it has not seen. */
export function keepLintVerdictsIn(stateDir: string): void {
  runtimeKey ??= checkerKey(CHECKER_SOURCES);
  setLintCache(diskLintCache(path.join(stateDir, 'appsync-lint'), runtimeKey));
}
