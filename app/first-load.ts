/**
 * One chunk for the first load: every module the entry imports statically (main.tsx down to the events
 * screen, React and Amplify's API and Auth). Rolldown's automatic split would cut them into a dozen
 * files by which lazy screens share them, and each file is another round trip for a phone (a slow 4G
 * link adds over half a second to each request); the lazy screens still load their own code alone.
 */
import type { Plugin } from 'vite';

/**
 * Amplify Auth's index imports every Auth call (sign-up, SRP, passkeys...) and the first load uses a few:
 * left to the automatic split, its modules go with what uses them (the sign-in's chunk or a shared one).
 */
const AUTH = /[\\/]@aws-amplify[\\/]auth[\\/]/;

export function firstLoadChunk(): Plugin {
  const firstLoad = new Set<string>();
  return {
    name: 'pickem-first-load-chunk',
    apply: 'build',
    buildEnd() {
      const todo = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      // Read when the chunks are made, after buildEnd has filled the set.
      return {
        ...options,
        codeSplitting: { groups: [{ name: 'index', test: (id: string) => firstLoad.has(id) && !AUTH.test(id) }] },
      };
    },
  };
}
