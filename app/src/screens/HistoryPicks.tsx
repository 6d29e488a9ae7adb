/**
 * A history row's picks, opened on demand: the history carries a player's picks (another player's only
 * once the event locked), and naming them takes the card's matches, read when the row is first opened
 * (one request, for that event alone).
 */
import { useState } from 'react';
import { client, errorText } from '../api.ts';
import type { BoardPick } from '@pickem/client/board-picks';
import { PlayerPicks } from '../PlayerPicks.tsx';
import { cardMatches, type CardMatch } from './documents.ts';

export function HistoryPicks({ eventId, picks, label }: { eventId: string; picks: BoardPick[]; label: string }) {
  const [matches, setMatches] = useState<CardMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    if (matches !== null) return;
    try {
      const { data } = await client.graphql({ query: cardMatches, variables: { eventId } });
      setMatches(data.eventCard?.matches ?? []);
    } catch (err) {
      setError(errorText(err));
    }
  }
  return (
    <details
      className="row-picks"
      data-testid="history-picks"
      onToggle={(e) => {
        if (e.currentTarget.open) void open();
      }}
    >
      <summary>Picks</summary>
      {error ? (
        <p role="alert">{error}</p>
      ) : matches === null ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <PlayerPicks matches={matches} picks={picks} label={label} />
      )}
    </details>
  );
}
