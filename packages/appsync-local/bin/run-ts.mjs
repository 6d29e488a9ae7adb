// Runs one of this package's TypeScript command-line tools with tsx's loader (a dependency of the
// package), so that its bins are plain `node` programs whoever installs them.
import { register } from 'tsx/esm/api';

/** Imports `file` (relative to this folder) under tsx. */
export async function runTs(file) {
  register();
  await import(new URL(file, import.meta.url).href);
}
