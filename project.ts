/**
 * The app's own folders, handed to appsync-local (which is told where the project is, and never looks):
 * the repository root, the build folder (`npm run build`'s output) and the state folder (.local/: keys,
 * credentials, the local database). The app's code that needs the root takes it from here.
 */
import path from 'node:path';
import { resolverBundler } from 'appsync-cloud';

export const repoRoot = import.meta.dirname;
export const buildDir = path.join(repoRoot, 'build');
export const stateDir = path.join(repoRoot, '.local');

/** The app's resolvers, bundled as `npm run build` and the cloud stack bundle them. */
export const { bundleResolver } = resolverBundler(repoRoot);
