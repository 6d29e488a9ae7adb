/**
 * An invite code's league before joining, in both apps' words: what it is in one line (an invite link
 * opened signed out), and why it cannot be joined. The join itself waits for the player's press.
 */
import { ERROR } from '@pickem/domain/error-types';
import { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
import type { LeaguePreviewQuery } from './graphql/types.ts';
import { plainMessage } from './messages.ts';

/** A typed code in its stored form, null until it is whole: an app previews only then (a partial code would count as a wrong one). */
export { typedInviteCode } from '@pickem/domain/invite-code';

export type LeaguePreview = LeaguePreviewQuery['leaguePreview'];

/** "Rhea invites you to Tuesday Crew (Preview Cup), 2 members so far." */
export function inviteLine(preview: {
  name: string;
  commissionerName: string;
  memberCount: number;
  season: { name: string };
}): string {
  const members = preview.memberCount === 1 ? '1 member' : `${preview.memberCount} members`;
  return `${preview.commissionerName} invites you to ${preview.name} (${preview.season.name}), ${members} so far.`;
}

/** Under the preview, above the sign-in. */
export const SIGN_IN_TO_JOIN = 'Sign in or create an account, then join with one press.';

/** Why a previewed league cannot be joined (joins closed, full), in the words of the join's own refusal; null if it can. */
export function joinRefusal(preview: { joinsOpen: boolean; memberCount: number }): string | null {
  if (!preview.joinsOpen) return plainMessage({ errorType: ERROR.joinsClosed });
  if (preview.memberCount >= LEAGUE_LIMIT.membersPerLeague) return plainMessage({ errorType: ERROR.leagueFull });
  return null;
}
