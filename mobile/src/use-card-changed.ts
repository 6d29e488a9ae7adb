import { useEffect, useState } from 'react';
import { client, queries } from './api';

/**
 * The upcoming events whose late card change touched the player's picks (one upcomingEvents read,
 * which says it per event at no extra cost): the events screen marks them.
 */
export function useCardChanged(): ReadonlySet<string> {
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    client
      .graphql({ query: queries.upcomingEvents })
      .then(({ data }) => {
        if (live) setChanged(new Set(data.upcomingEvents.filter((u) => u.myCardChanged).map((u) => u.event.id)));
      })
      .catch(() => undefined); // the mark is a hint: the event screen says it too
    return () => {
      live = false;
    };
  }, []);
  return changed;
}
