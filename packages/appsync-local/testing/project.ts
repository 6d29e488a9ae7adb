import { inject } from 'vitest';

/** The project's folders (absolute), given to the test run by the vitest configuration's `provide`. */
export function projectDirs(): { root: string; buildDir: string; stateDir: string } {
  return { root: inject('root'), buildDir: inject('buildDir'), stateDir: inject('stateDir') };
}
