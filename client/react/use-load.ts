import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { errorText } from '../messages.ts';

export interface Loaded<T> {
  /** Undefined until the first read answers. */
  data: T | undefined;
  /** The last read's failure in plain words (the data read before it stays shown). */
  error: string | null;
  reload: () => Promise<void>;
  /** Replaces the data (an update the screen applies itself, a save's answer). */
  setData: (update: T | ((old: T | undefined) => T | undefined)) => void;
}

/**
 * Reads `load` when the screen opens and whenever `deps` change; `reload` reads it again (pull to
 * refresh, a live update). Only the newest read's answer is kept: an older one that answers late is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const read = useCallback(load, deps);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    try {
      const value = await read();
      if (call !== latest.current) return;
      setData(() => value);
      setError(null);
    } catch (err) {
      if (call === latest.current) setError(errorText(err));
    }
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload, setData: setData as Loaded<T>['setData'] };
}
