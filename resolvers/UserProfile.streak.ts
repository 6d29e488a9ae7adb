import type { Context } from '@aws-appsync/utils';
import { PREDICTION, historyOrderKey, type PredictionItem } from '@pickem/domain/entities/prediction';
import { STREAK_EVENTS } from '@pickem/domain/limits';
import type { QueryUserProfileResult, UserProfile } from '@pickem/domain/schema-types';
import { streakOf, type StreakPart } from '@pickem/domain/streaks';
import { raiseDataSourceError } from './lib/errors';
import { projection, query, type QueryPage } from './lib/query';

type StreakContext = Context<
  Record<string, never>,
  object,
  undefined,
  NonNullable<QueryUserProfileResult>,
  QueryPage<Pick<PredictionItem, 'eventId' | 'eventDate' | 'streak' | 'bellMs'>>
>;

/**
 * The player's streak: one Query of their predictions, newest first (STREAK_EVENTS at most), only the
 * fields the fold needs; each scored one holds what its event adds (domain/streaks.ts), folded in the
 * events' order (date, then bell).
 */
export function request(ctx: StreakContext) {
  const userId = ctx.source ? ctx.source.user.id : '';
  const read = query(PREDICTION.history(userId), { limit: STREAK_EVENTS });
  return { ...read, projection: projection(['eventId', 'eventDate', 'streak', 'bellMs']) };
}

export function response(ctx: StreakContext): UserProfile['streak'] {
  raiseDataSourceError(ctx.error);
  const parts: Record<string, StreakPart> = {};
  const order: string[] = [];
  for (const p of ctx.result.items) {
    if (p.streak) {
      const at = historyOrderKey(p.eventDate, p.bellMs ?? 0, p.eventId);
      parts[at] = p.streak;
      order.push(at);
    }
  }
  // Order keys sort as text, oldest first.
  order.sort();
  return streakOf(order.map((at) => parts[at]));
}
