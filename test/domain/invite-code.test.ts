import { describe, expect, it } from 'vitest';
import { shownInviteCode, typedInviteCode } from '@pickem/domain/invite-code';

describe('typedInviteCode', () => {
  it('reads a code as typed: any case, separators and spaces, and Crockford’s look-alike letters', () => {
    expect(typedInviteCode('7KQ2M-XD4PB')).toBe('7KQ2MXD4PB');
    expect(typedInviteCode(' 7kq2m xd4pb ')).toBe('7KQ2MXD4PB');
    expect(typedInviteCode('OIL2M-XD4PB')).toBe('0112MXD4PB');
  });

  it('is null for a code not whole yet, too long, or with a character no code has', () => {
    expect(typedInviteCode('7KQ2M-XD4P')).toBeNull();
    expect(typedInviteCode('7KQ2M-XD4PBB')).toBeNull();
    expect(typedInviteCode('7KQ2M-XD4PU')).toBeNull();
    expect(typedInviteCode(`${'-'.repeat(35)}7KQ2MXD4PB`)).toBeNull();
  });

  it('reads back what shownInviteCode shows', () => {
    expect(typedInviteCode(shownInviteCode('7KQ2MXD4PB'))).toBe('7KQ2MXD4PB');
  });
});
