import type { Context } from '@aws-appsync/utils';
import type { EventView } from '@pickem/domain/visibility';
import type { PredictionItem } from '@pickem/domain/entities/prediction';
import { SHARE } from '@pickem/domain/entities/share';

/**
 * Prediction.shareUrl: the share card's page (domain/entities/share.ts) of the caller's own prediction
 * once its event is SCORED; null before, for a prediction saved before share tokens, and where the
 * API has no SHARE_URL (the share-card function's address, amplify/backend.ts).
 */
export function shareUrlOf(ctx: Context, item: PredictionItem, event: EventView | null): string | null {
  if (event === null || event.state !== 'SCORED' || !item.shareToken) return null;
  const base: string = ctx.env.SHARE_URL ?? '';
  return SHARE.pageUrl(base, { eventId: item.eventId, userId: item.userId, token: item.shareToken });
}

/** Any other Prediction the API returns: no share card (the scoring function's live snapshots have no such field). */
export const notShared = <P>(prediction: P) => ({ ...prediction, shareUrl: null });
