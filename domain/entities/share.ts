/**
 * A scored prediction's share card: a public page (Open Graph tags) and its 1200 x 630 PNG, served by
 * the share-card function (amplify/functions/share-card) at `<share url><eventId>/<userId>/<token>`
 * and that address plus `/card.png`. The token is a random UUID stored on the prediction item
 * (`shareToken`, written by savePrediction), so the address cannot be guessed from the ids alone; the
 * function reads the prediction by its key and serves the card only when the token matches. No item
 * of its own: the page costs the event's Query and one GetItem, and is cached once scored.
 */

/** The characters an id of the address may have (event ids are slugs, user ids Cognito subs or UUIDs). */
const SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.';

function safe(part: string): boolean {
  if (part.length === 0 || part.length > 128 || part === '.' || part === '..') return false;
  for (const ch of part.split('')) if (SAFE.indexOf(ch) < 0) return false;
  return true;
}

export interface ShareRef {
  eventId: string;
  userId: string;
  token: string;
}

/** The image's name under a card's page. */
export const CARD_IMAGE = 'card.png';

export const SHARE = {
  /** The page's address under `base` (ending in '/'), or null when an id cannot stand in an address as is. */
  pageUrl: (base: string, ref: ShareRef): string | null =>
    base && safe(ref.eventId) && safe(ref.userId) && safe(ref.token)
      ? `${base}${ref.eventId}/${ref.userId}/${ref.token}`
      : null,
  /** A request path (`/<eventId>/<userId>/<token>` or the same `/card.png`) to its reference; null: not a card's. */
  parsePath: (path: string): (ShareRef & { image: boolean }) | null => {
    const parts = path.split('/').filter((p) => p !== '');
    const image = parts.length === 4 && parts[3] === CARD_IMAGE;
    if (parts.length !== 3 && !image) return null;
    const [eventId, userId, token] = parts;
    if (!safe(eventId) || !safe(userId) || !safe(token)) return null;
    return { eventId, userId, token, image };
  },
};
