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

/** What a share sheet is given. */
export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/** The parts of the browser's `navigator` a web share uses (Web Share API, clipboard). */
export interface WebSharer {
  share?: (data: SharedLink) => Promise<void>;
  canShare?: (data: SharedLink) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/**
 * Shares a scored prediction's link from a browser: the share sheet where there is one that takes it,
 * else the link copied to the clipboard. What to tell the player, in plain words (null: nothing, as
 * after the share sheet, or when the player closed it).
 */
export async function shareOnWeb(prediction: Shareable & { shareUrl: string }, nav: WebSharer): Promise<string | null> {
  const { title, text } = shareMessage(prediction);
  const data: SharedLink = { title, text, url: prediction.shareUrl };
  try {
    if (nav.share && (!nav.canShare || nav.canShare(data))) {
      await nav.share(data);
      return null;
    }
    if (!nav.clipboard) throw new Error('no clipboard');
    await nav.clipboard.writeText(prediction.shareUrl);
    return 'Link copied';
  } catch (err) {
    // Closing the share sheet is no failure.
    if ((err as Error).name === 'AbortError') return null;
    return `Could not share: copy this link instead: ${prediction.shareUrl}`;
  }
}
