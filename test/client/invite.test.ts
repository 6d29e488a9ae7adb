/** An invite's wording (client/invite.ts): the signed-out line, and why a previewed league cannot be joined. */
import { describe, expect, it } from 'vitest';
import { inviteLine, joinRefusal } from '@pickem/client/invite';
import { LEAGUE_LIMIT } from '@pickem/client/limits';

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

describe('joinRefusal', () => {
  it('says closed joins and a full league as the join refuses them, and nothing for an open league with room', () => {
    expect(joinRefusal({ joinsOpen: false, memberCount: 2 })).toBe(
      'This league is not taking new members: its commissioner has closed joins.',
    );
    expect(joinRefusal({ joinsOpen: true, memberCount: LEAGUE_LIMIT.membersPerLeague })).toBe(
      `This league is full (${LEAGUE_LIMIT.membersPerLeague} members).`,
    );
    expect(joinRefusal({ joinsOpen: true, memberCount: LEAGUE_LIMIT.membersPerLeague - 1 })).toBeNull();
  });
});
