import { useState } from 'react';
import { errorText } from '../messages.ts';
import { shownNudges } from '../nudge.ts';

/**
 * The events screen's nudge notices: the upcoming events' nudges less those dismissed here. A dismissed
 * notice goes at once and comes back, with the API's error in plain words, if `dismissNudge` (the
 * app's own client's call, which a screen test spies on) fails.
 */
export function useNudgeNotices<N extends { id: string }, E>(
  upcoming: readonly { event: E; myNudges: readonly N[] }[],
  dismissNudge: (id: string) => Promise<unknown>,
) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = shownNudges(upcoming, dismissed);
  const dismiss = (id: string) => {
    setDismissed((d) => new Set(d).add(id));
    dismissNudge(id).catch((err: unknown) => {
      setError(errorText(err));
      setDismissed((d) => new Set([...d].filter((x) => x !== id)));
    });
  };
  return { shown, error, dismiss };
}
