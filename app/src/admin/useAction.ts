import { useState } from 'react';
import { errorText } from '../api.ts';

/** An admin action: busy while it runs, then its outcome (or the API's error) for a role="status" line. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  /** Resolves true when the action succeeded. */
  async function run(done: string, call: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      await call();
      setStatus(done);
      return true;
    } catch (err) {
      setStatus(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, status, run };
}
