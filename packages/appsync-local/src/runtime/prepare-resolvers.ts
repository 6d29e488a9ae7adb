/**
 * Bundles and checks every resolver of a wiring into the state folder's caches (the kept bundles and
 * eslint's verdicts), so that the start that follows finds them there. A first start spends seconds on
 * this, all of it on the main thread: run it while something else starts (npm start runs it while
 * DynamoDB Local's JVM boots) and the two overlap. A source that fails is left for the start to report.
 */
import { resolverBundler, wiringSources, type ApiWiring } from 'appsync-cloud';
import { keepLintVerdictsIn } from './js/lint-disk-cache.ts';
import { checkAppSyncRules } from './js/rules.ts';
import { bundleStoreDir, storedBundles } from './reload/bundle-store.ts';

export function prepareResolvers(opts: { root: string; stateDir: string; wiring: ApiWiring }): void {
  keepLintVerdictsIn(opts.stateDir);
  const bundler = storedBundles(resolverBundler(opts.root), bundleStoreDir(opts.stateDir));
  // A source that does not bundle or breaks a rule is left out: the start bundles and checks it again,
  // and says what is wrong where it was written.
  for (const [source, { code }] of bundler.bundleResolversWithInputs(wiringSources(opts.wiring))) {
    try {
      checkAppSyncRules(source, code);
    } catch {
      // As above.
    }
  }
}
