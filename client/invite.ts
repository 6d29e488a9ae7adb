/**
 * An invite link opened signed out: what the league is in one line, and the code remembered across
 * the sign-in (or sign-up) so that the join happens once the player is in. Both apps' wording.
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

/** The storage both apps keep the code in: the web tab's sessionStorage, the phone's app storage. */
export interface InviteStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = 'pickem.joinAfterSignIn';

/** The invite page, signed out: join `code` once signed in. */
export function rememberInvite(storage: InviteStorage, code: string): void {
  storage.setItem(KEY, code);
}

/** Signed in on the invite page: true once if the player came through the signed-out page for `code` (the memory is then cleared). */
export function takeInvite(storage: InviteStorage, code: string): boolean {
  const remembered = storage.getItem(KEY);
  if (remembered === null) return false;
  storage.removeItem(KEY);
  return remembered === code;
}
