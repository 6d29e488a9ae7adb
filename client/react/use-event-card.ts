import { useCallback, useEffect, useRef, useState } from 'react';
import { generateClient } from 'aws-amplify/api';
import type { Card } from '../card.ts';
import { myEventFigures, withMyFigures } from '../event-figures.ts';
import { applyEventUpdate, readAfter, type ShownBoard } from '../event-update.ts';
import type { LiveStatus } from '../follow-event.ts';
import { eventCard } from '../graphql/queries.ts';
import type { EventUpdate } from '../live.ts';
import { errorText } from '../messages.ts';
import { useEventUpdates } from './use-event-updates.ts';

/** How many leaderboard rows the card screen shows (a live update carries the same top 20). */
export const BOARD_ROWS = 20;

export interface EventCardState {
  /** Undefined while loading, null when there is no such event. */
  card: Card | null | undefined;
  board: ShownBoard | null;
  error: string | null;
  live: LiveStatus;
  reload: () => Promise<void>;
  setCard: (update: (old: Card) => Card) => void;
}

/**
 * One event's card for a screen: read on open, then followed live (applyEventUpdate), the player's own
 * figures read again after each new leaderboard. Both apps' event screens are this hook.
 */
export function useEventCard(eventId: string): EventCardState {
  const [{ card, board }, setView] = useState<{ card: Card | null | undefined; board: ShownBoard | null }>({
    card: undefined,
    board: null,
  });
  const [error, setError] = useState<string | null>(null);
  const client = useRef(generateClient()).current;

  const reload = useCallback(async () => {
    try {
      const { data } = await client.graphql({ query: eventCard, variables: { eventId, leaderboardLimit: BOARD_ROWS } });
      const lb = data.eventCard?.leaderboard;
      setView({
        card: data.eventCard,
        board: lb ? { rows: lb.items, final: data.eventCard!.leaderboardFinal } : null,
      });
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [client, eventId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Whether the card holds the player's prediction (read on load, or saved on this screen since). */
  const hasMine = useRef(false);
  useEffect(() => {
    hasMine.current = card?.myPrediction != null;
  }, [card]);
  const readMine = useCallback(async () => {
    try {
      const { data } = await client.graphql({ query: myEventFigures, variables: { eventId } });
      // A prediction the card does not know of (saved in another tab or on another device): read the whole card.
      if (data.eventCard?.myPrediction && !hasMine.current) return await reload();
      setView((old) => (old.card ? { ...old, card: withMyFigures(old.card, data.eventCard) } : old));
    } catch {
      // The next update or a reload reads them again; the leaderboard itself is already shown.
    }
  }, [client, eventId, reload]);

  const onUpdate = useCallback(
    (update: EventUpdate) => {
      setView((old) => {
        if (!old.card) return old;
        const applied = applyEventUpdate(old.card, update);
        return { card: applied.card, board: applied.board ?? old.board };
      });
      const read = readAfter(update);
      if (read === 'card') void reload();
      else if (read === 'mine') void readMine();
    },
    [reload, readMine],
  );
  const live = useEventUpdates(eventId, onUpdate);
  const setCard = useCallback(
    (update: (old: Card) => Card) => setView((old) => (old.card ? { ...old, card: update(old.card) } : old)),
    [],
  );
  return { card, board, error, live, reload, setCard };
}
