import { touchingChanges, type CardChangeItem } from '@pickem/domain/card-changes';

/** What the events screen marks an event whose late card change touched the player's picks. */
export const CARD_CHANGED_BADGE = 'Card changed: re-pick';

/** One line of a late card change for the player whose pick it touched. */
export function cardChangeLine(change: Pick<CardChangeItem, 'position' | 'removed' | 'before' | 'after'>): string {
  if (change.removed) {
    return `The card changed: match ${change.position} (${change.before.join(' vs ')}) was pulled; your pick on it no longer counts.`;
  }
  const swaps = change.before.map((was, i) => (change.after[i] ? `${change.after[i]} replaced ${was}` : `${was} left`));
  return `The card changed: ${swaps.join(', ')} in match ${change.position}; your pick was cleared, pick again.`;
}

/** The notice lines of the changes that touched `prediction` (none once it was saved after them). */
export function cardChangeNotice(
  changes: CardChangeItem[] | null | undefined,
  prediction: { updatedAt: string; picks: { matchId: string; team: number }[] } | null | undefined,
): string[] {
  return touchingChanges(changes, prediction).map(cardChangeLine);
}

/** The picks a touched prediction keeps on the form: those the changes did not touch are kept. */
export function untouchedPicks<P extends { matchId: string; team: number }>(
  changes: CardChangeItem[] | null | undefined,
  prediction: { updatedAt: string; picks: P[] } | null | undefined,
): P[] {
  if (!prediction) return [];
  const touched = touchingChanges(changes, prediction);
  return prediction.picks.filter((p) => !touched.some((c) => c.matchId === p.matchId && c.sides.indexOf(p.team) >= 0));
}
