import { CARD_CHANGED_BADGE, cardChangeNotice } from '@pickem/client/card-change';
import type { Card } from '@pickem/client/card';

/** The event page's notice of late card changes that touched the player's saved picks (gone once saved again). */
export function CardChangeNotice({ card }: { card: Pick<Card, 'event' | 'myPrediction'> }) {
  const lines = cardChangeNotice(card.event.cardChanges, card.myPrediction);
  if (lines.length === 0) return null;
  return (
    <div className="lock-warning" role="status" data-testid="card-change">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The events screen's mark on an event whose late card change touched the player's picks. */
export function CardChangedBadge({ changed }: { changed: boolean }) {
  if (!changed) return null;
  return (
    <span className="badge badge-needed" data-testid="card-changed">
      {CARD_CHANGED_BADGE}
    </span>
  );
}
