import { useCallback, useEffect, useState } from 'react';
import { errorText } from './api.ts';

/** A list read page by page with nextToken ("More" appends the next page). */
export function usePaged<T>(
  load: (nextToken: string | null) => Promise<{ items: T[]; nextToken?: string | null }>,
  deps: unknown[],
) {
  const [items, setItems] = useState<T[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetchPage = useCallback(load, deps);
  const more = useCallback(
    async (token: string | null, replace: boolean) => {
      setLoading(true);
      try {
        const page = await fetchPage(token);
        setItems((old) => (replace ? page.items : [...old, ...page.items]));
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
  useEffect(() => {
    void more(null, true);
  }, [more]);
  return { items, loading, error, hasMore: nextToken !== null, loadMore: () => more(nextToken, false) };
}
