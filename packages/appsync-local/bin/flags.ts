/** What the TypeScript bins share: refusing bad usage, and the flags they take (`--state-dir <dir>` and the like). */
import path from 'node:path';

/** Removes `--<name> <value>` (or `--<name>=<value>`) from `args` and returns the value, or undefined. */
export function takeFlag(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === `--${name}`) return args.splice(i, 2)[1];
    if (args[i].startsWith(`--${name}=`)) return args.splice(i, 1)[0].slice(name.length + 3);
  }
  return undefined;
}

/** Like takeFlag for a folder that must be given: its absolute path, or `fail`. */
export function takeFolder(args: string[], name: string, fail: (message: string) => never): string {
  const value = takeFlag(args, name);
  if (!value) fail(`--${name} <dir> is required`);
  return path.resolve(value);
}

/** A bin's refusal: the message and its usage on stderr, exit code 2. */
export function usageFailure(usage: string): (message: string) => never {
  return (message) => {
    process.stderr.write(`${message}\n${usage}\n`);
    process.exit(2);
  };
}
