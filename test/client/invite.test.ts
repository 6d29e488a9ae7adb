/** The signed-out invite page's wording and the code it keeps across the sign-in (client/invite.ts). */
import { describe, expect, it } from 'vitest';
import { inviteLine, rememberInvite, takeInvite, type InviteStorage } from '@pickem/client/invite';

function memory(): InviteStorage {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

describe('inviteLine', () => {
  const season = { id: 's', name: 'Preview Cup' };
  it('names the commissioner, the league, its season and its members', () => {
    expect(inviteLine({ name: 'Tuesday Crew', commissionerName: 'Rhea', memberCount: 2, season })).toBe(
      'Rhea invites you to Tuesday Crew (Preview Cup), 2 members so far.',
    );
  });
  it('says "1 member", not "1 members"', () => {
    expect(inviteLine({ name: 'Solo', commissionerName: 'Rhea', memberCount: 1, season })).toMatch(
      /, 1 member so far\.$/,
    );
  });
});

describe('rememberInvite / takeInvite', () => {
  it('joins once, for the code remembered, and forgets it', () => {
    const storage = memory();
    rememberInvite(storage, 'ABCDE-FGHJK');
    expect(takeInvite(storage, 'ABCDE-FGHJK')).toBe(true);
    expect(takeInvite(storage, 'ABCDE-FGHJK')).toBe(false);
  });
  it('does not join another code than the one opened signed out', () => {
    const storage = memory();
    rememberInvite(storage, 'ABCDE-FGHJK');
    expect(takeInvite(storage, 'ZZZZZ-ZZZZZ')).toBe(false);
    expect(takeInvite(storage, 'ABCDE-FGHJK')).toBe(false);
  });
});
