/** What the apps' Share button sends with a scored prediction's card (Prediction.shareUrl). */
export interface Shareable {
  eventName: string;
  points: number | null;
  rank: number | null;
  shareUrl: string | null;
}

/** The share sheet's title and text: the player's result in one line (the link previews the card). */
export function shareMessage(p: Shareable): { title: string; text: string } {
  const result = p.rank != null && p.points != null ? `#${p.rank} with ${p.points} points` : 'my result';
  return { title: `Pick'Em: ${p.eventName}`, text: `${p.eventName} on Pick'Em: ${result}.` };
}
