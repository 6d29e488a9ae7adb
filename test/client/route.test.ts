import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { href, parseRoute } from '@pickem/client/route';

const SCREENS = ['events', 'event', 'standings', 'player', 'admin', 'leagues', 'league', 'join'];

/** A hash whose segments may hold broken percent-escapes ("%", "%E0%A4%A", "%zz"). */
const brokenEscape = fc.constantFrom('%', '%E0%A4%A', '%zz', '%C3', '%ED%A0%80', '%%41');
const segment = fc.oneof(
  fc.string(),
  fc.constantFrom(...SCREENS),
  brokenEscape,
  fc.tuple(fc.string(), brokenEscape, fc.string()).map((parts) => parts.join('')),
);
const hash = fc
  .tuple(fc.constantFrom('#/', '#', '/', ''), fc.array(segment, { maxLength: 5 }))
  .map(([head, parts]) => head + parts.join('/'));

describe('route parsing', () => {
  it('reads each screen of a hash, decoded', () => {
    expect(parseRoute('#/event/ev%2F1')).toEqual({ screen: 'event', eventId: 'ev/1' });
    expect(parseRoute('#/player')).toEqual({ screen: 'player', userId: undefined });
    expect(parseRoute('#/league/l1/event/e1')).toEqual({ screen: 'league', leagueId: 'l1', eventId: 'e1' });
    expect(parseRoute('#/join/ABC')).toEqual({ screen: 'join', code: 'ABC' });
    expect(parseRoute('')).toEqual({ screen: 'events' });
    expect(parseRoute('#/nowhere')).toEqual({ screen: 'events' });
  });

  it('falls back to the events list on a broken percent-escape', () => {
    expect(parseRoute('#/event/%E0%A4%A')).toEqual({ screen: 'events' });
    expect(parseRoute('#/player/%')).toEqual({ screen: 'events' });
  });

  it('never throws on any string, and gives one of its routes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), hash), (text) => {
        expect(SCREENS).toContain(parseRoute(text).screen);
      }),
    );
  });

  it('gives the events list for any hash with a broken escape', () => {
    fc.assert(
      fc.property(hash, brokenEscape, fc.nat(4), (text, broken, at) => {
        const parts = text.split('/');
        parts.splice(Math.min(at, parts.length), 0, broken);
        expect(parseRoute(parts.join('/'))).toEqual({ screen: 'events' });
      }),
    );
  });

  it('reads back what href writes, whatever the id', () => {
    const id = fc.string({ unit: 'grapheme', minLength: 1 });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(parseRoute(href.event(a))).toEqual({ screen: 'event', eventId: a });
        expect(parseRoute(href.player(a))).toEqual({ screen: 'player', userId: a });
        expect(parseRoute(href.league(a, b))).toEqual({ screen: 'league', leagueId: a, eventId: b });
        expect(parseRoute(href.join(a))).toEqual({ screen: 'join', code: a });
      }),
    );
  });
});
