import { describe, expect, it } from 'vitest';
import {
  nudgeButtonLabel,
  nudgeNoticeText,
  nudgeOutcomeText,
  nudgedAlreadyText,
  shownNudges,
} from '@pickem/client/nudge';

describe('the nudge in words', () => {
  it('the button says whom it reaches and how many by email', () => {
    expect(nudgeButtonLabel([{ byEmail: true }, { byEmail: false }, { byEmail: true }])).toBe(
      'Nudge 3 members (2 by email)',
    );
    expect(nudgeButtonLabel([{ byEmail: false }])).toBe('Nudge 1 member (in the app only)');
  });

  it('says what the nudge did', () => {
    expect(nudgeOutcomeText({ notified: 3, emailed: 2 })).toBe('Nudged 3 members in the app, and 2 of them by email.');
    expect(nudgeOutcomeText({ notified: 1, emailed: 0 })).toBe('Nudged 1 member in the app.');
    expect(nudgeOutcomeText({ notified: 0, emailed: 0 })).toMatch(/nobody to nudge/);
    expect(nudgedAlreadyText('2030-06-01T20:14:00Z', () => '20:14')).toBe(
      'You nudged them at 20:14. One nudge per event.',
    );
  });

  it("the player's notice names the commissioner, the league and the event", () => {
    expect(nudgeNoticeText({ byName: 'Sam', leagueName: 'Dynamite League' }, 'Full Gear')).toBe(
      'Sam, your commissioner of Dynamite League, nudged you: pick Full Gear before the bell.',
    );
  });

  it('shows every nudge of every upcoming event but those dismissed', () => {
    const upcoming = [
      { event: 'A', myNudges: [{ id: '1' }, { id: '2' }] },
      { event: 'B', myNudges: [] },
      { event: 'C', myNudges: [{ id: '3' }] },
    ];
    expect(shownNudges(upcoming, new Set(['2']))).toEqual([
      { event: 'A', nudge: { id: '1' } },
      { event: 'C', nudge: { id: '3' } },
    ]);
  });
});
