import { describe, expect, it } from 'vitest';
import { isNewer, type Newest } from '@pickem/client/live';

describe('which live update the app keeps', () => {
  const at = (s: number) => new Date(Date.UTC(2031, 0, 1, 20, 0, s)).toISOString();

  it('keeps the higher board version of two LEADERBOARDs, even when its readAt is older', () => {
    const newest = new Map<string, Newest>();
    expect(isNewer(newest, { kind: 'LEADERBOARD', readAt: at(10), boardVersion: 3 })).toBe(true);
    // Two announcers' reads interleaved: this one began reading later but read the board before version 3.
    expect(isNewer(newest, { kind: 'LEADERBOARD', readAt: at(11), boardVersion: 2 })).toBe(false);
    expect(isNewer(newest, { kind: 'LEADERBOARD', readAt: at(9), boardVersion: 4 })).toBe(true);
    // The same version read again later (a retry): newer by readAt.
    expect(isNewer(newest, { kind: 'LEADERBOARD', readAt: at(12), boardVersion: 4 })).toBe(true);
    expect(isNewer(newest, { kind: 'LEADERBOARD', readAt: at(11), boardVersion: 4 })).toBe(false);
  });

  it('orders other kinds by readAt, a RESULT per match', () => {
    const newest = new Map<string, Newest>();
    expect(isNewer(newest, { kind: 'RESULT', matchId: 'm1', readAt: at(5) })).toBe(true);
    expect(isNewer(newest, { kind: 'RESULT', matchId: 'm2', readAt: at(4) })).toBe(true);
    expect(isNewer(newest, { kind: 'RESULT', matchId: 'm1', readAt: at(4) })).toBe(false);
    expect(isNewer(newest, { kind: 'STATE', readAt: at(1) })).toBe(true);
    expect(isNewer(newest, { kind: 'STATE', readAt: at(0) })).toBe(false);
  });
});
