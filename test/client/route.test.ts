import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { href, parseLink, parseRoute } from '@pickem/client/route';

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

describe('link parsing (a deep link into the React Native app, or a web address)', () => {
  it("reads the app's deep links and the web app's invite link and hash addresses", () => {
    expect(parseLink('pickem://join/7KQ2M-XD4PB')).toEqual({ screen: 'join', code: '7KQ2M-XD4PB' });
    expect(parseLink('pickem://join/7KQ2M-XD4PB/')).toEqual({ screen: 'join', code: '7KQ2M-XD4PB' });
    expect(parseLink('pickem://event/e%2F1')).toEqual({ screen: 'event', eventId: 'e/1' });
    expect(parseLink('https://pickem.example.com/join/7KQ2M-XD4PB')).toEqual({ screen: 'join', code: '7KQ2M-XD4PB' });
    expect(parseLink('http://127.0.0.1:4002/join/ABC?utm=x')).toEqual({ screen: 'join', code: 'ABC' });
    expect(parseLink('https://pickem.example.com/#/league/L1/event/E1')).toEqual({
      screen: 'league',
      leagueId: 'L1',
      eventId: 'E1',
    });
    expect(parseLink('https://pickem.example.com/')).toEqual({ screen: 'events' });
    expect(parseLink('pickem://')).toEqual({ screen: 'events' });
  });

  it('never throws on any string, and gives one of its routes', () => {
    const link = fc
      .tuple(fc.constantFrom('pickem://', 'https://h/', 'http://h:1/#/', 'x:', ''), fc.array(segment, { maxLength: 4 }))
      .map(([head, parts]) => head + parts.join('/'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), link), (text) => {
        expect(SCREENS).toContain(parseLink(text).screen);
      }),
    );
  });

  it('reads back every href as a deep link', () => {
    const id = fc.string({ unit: 'grapheme', minLength: 1 });
    fc.assert(
      fc.property(id, (a) => {
        expect(parseLink(`pickem://${href.join(a).slice(2)}`)).toEqual({ screen: 'join', code: a });
        expect(parseLink(`pickem://${href.event(a).slice(2)}`)).toEqual({ screen: 'event', eventId: a });
      }),
    );
  });
});
