/**
 * Watches a changing set of files with node:fs.watch on their directories (so an editor that saves by
 * renaming a new file over the old one is still seen) and reports each burst of changes once, after
 * it has been quiet for `debounceMs`.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface FileWatcher {
  /** Watches the files `files()` names now (call after the set changed). */
  refresh(): void;
  close(): void;
}

export function watchFiles(
  files: () => Set<string>,
  onChange: (changed: Set<string>) => void,
  debounceMs = 40,
): FileWatcher {
  const watchers = new Map<string, FSWatcher>();
  let wanted = new Set<string>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const seen = (dir: string, name: string | null) => {
    if (!name) return;
    const file = path.join(dir, name);
    if (!wanted.has(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = pending;
      pending = new Set();
      onChange(changed);
    }, debounceMs);
  };

  const refresh = () => {
    wanted = files();
    const dirs = new Set([...wanted].map((f) => path.dirname(f)));
    for (const [dir, w] of watchers) {
      if (!dirs.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        watchers.set(
          dir,
          watch(dir, (_event, name) => seen(dir, name)),
        );
      } catch {
        // A directory that is gone is watched again when a later refresh finds it.
      }
    }
  };
  refresh();
  return {
    refresh,
    close() {
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
