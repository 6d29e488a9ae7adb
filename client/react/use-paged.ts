import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { errorText } from '../messages.ts';

export interface Page<T> {
  items: T[];
  nextToken?: string | null;
}

/** A list read page by page with nextToken: `loadMore` appends the next page, `refresh` reads the first again. */
export function usePaged<T>(load: (nextToken: string | null) => Promise<Page<T>>, deps: DependencyList) {
  const [items, setItems] = useState<T[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetchPage = useCallback(load, deps);
  const read = useCallback(
    async (token: string | null) => {
      setLoading(true);
      try {
        const page = await fetchPage(token);
        setItems((old) => (token ? [...old, ...page.items] : page.items));
        setNextToken(page.nextToken ?? null);
        setError(null);
      } catch (err) {
        setError(errorText(err));
      } finally {
        setLoading(false);
      }
    },
    [fetchPage],
  );
  const refresh = useCallback(() => read(null), [read]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return {
    items,
    loading,
    error,
    hasMore: nextToken !== null,
    loadMore: () => read(nextToken),
    refresh,
  };
}
