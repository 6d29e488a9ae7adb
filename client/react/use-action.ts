import { useState } from 'react';
import { errorText } from '../messages.ts';

/** An action of a screen's tools: busy while it runs, then its outcome (or the API's error in plain words) for a status line. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  /** Resolves true when the action succeeded; `done` is the status line, or makes it from what the call answered. */
  async function run<T>(done: string | ((answer: T) => string), call: () => Promise<T>): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await call();
      setStatus(typeof done === 'string' ? done : done(answer));
      setFailed(false);
      return true;
    } catch (err) {
      setStatus(errorText(err));
      setFailed(true);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, status, failed, run };
}
