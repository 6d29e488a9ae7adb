/** A reminder that will not come (issue 41): the bell already closer than the chosen lead, picks short of the card. */
import { describe, expect, it } from 'vitest';
import { remindersThatWillNotCome } from '../../client/reminder-gap.ts';

const NOW = Date.parse('2026-11-28T19:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const upcoming = (name: string, inMinutes: number, myPickCount: number, state = 'UPCOMING') => ({
  event: { name, state, startsAt: at(inMinutes), matchCount: 3 },
  myPickCount,
});

describe('reminders that will not come', () => {
  const events = [
    upcoming('Dynamite', 40, 1),
    upcoming('Collision', 40, 3), // every match picked: nothing to remind
    upcoming('Rampage', 90, 0), // the hour's moment still to come
    upcoming('Full Gear', 30, 0, 'BROADCAST'),
  ];

  it('names the open events with picks missing whose bell is closer than the lead', () => {
    expect(remindersThatWillNotCome(events, 60, NOW)).toEqual([
      'Dynamite locks in 40 min, sooner than your reminder: no email will come for it. Pick now.',
    ]);
    expect(remindersThatWillNotCome(events, 1440, NOW).map((m) => m.split(' ')[0])).toEqual(['Dynamite', 'Rampage']);
    expect(remindersThatWillNotCome(events, 10, NOW)).toEqual([]);
  });
});
