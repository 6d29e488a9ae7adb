import { useEffect, useState } from 'react';

/** The current time, ticking every `ms` (for the countdown to the bell and the lock warning). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
