/**
 * Every bad input of every mutation: a specific errorType, a clear message, and nothing written
 * (the whole table is compared before and after each call).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import {
  ADMIN,
  ADMIN_GROUPS,
  createCard,
  inOneHour,
  matchInput,
  OP,
  setState,
  tableSnapshot,
} from './mutations-fixtures.ts';

let api: TestApi;
/** UPCOMING, 3 two-team matches. */
let open: { id: string; matches: string[]; startsAt: string };
/** BROADCAST, 2 matches, no results. */
let live: { id: string; matches: string[] };
/** SCORED. */
let scored: { id: string; matches: string[] };
/** UPCOMING with MAX_MATCHES_PER_CARD matches. */
let full: { id: string; matches: string[] };
/** UPCOMING, but its start is in the past. */
let started: { id: string; matches: string[] };

const long = (n: number) => 'x'.repeat(n);

beforeAll(async () => {
  api = await startTestApi();
  open = await createCard(api, 3);
  live = await createCard(api, 2);
  await setState(api, live.id, 'BROADCAST');
  scored = await createCard(api, 1);
  await setState(api, scored.id, 'BROADCAST');
  await api.data(ADMIN, OP.setMatchResult, { e: scored.id, m: scored.matches[0], w: 0 }, ADMIN_GROUPS);
  await api.data(ADMIN, OP.scoreEvent, { e: scored.id }, ADMIN_GROUPS);
  full = await createCard(api, 50);
  started = await createCard(api, 1, new Date(Date.now() - 60_000).toISOString());
  // Every player below has a profile, so that a refused call cannot hide behind profile creation.
  await api.data('player-1', OP.updateMyProfile, { n: 'Player One' });
}, 180_000);

afterAll(async () => {
  await api?.close();
});

interface Case {
  what: string;
  op: keyof typeof OP;
  vars: () => Record<string, unknown>;
  type: string;
  message?: RegExp;
  /** Default: the admin. */
  player?: string;
}

const teams = (n: number) => Array.from({ length: n }, (_, t) => ({ members: [`W${t}`] }));
const withMatch = (overrides: Record<string, unknown>) => ({ ...matchInput(1), ...overrides });

const CASES: Case[] = [
  // createEvent
  {
    what: 'blank event name',
    op: 'createEvent',
    vars: () => ({ i: { name: '   ', date: '2030-01-01', startsAt: inOneHour() } }),
    type: 'ValidationError',
    message: /name/,
  },
  {
    what: 'event name over 100',
    op: 'createEvent',
    vars: () => ({ i: { name: long(101), date: '2030-01-01', startsAt: inOneHour() } }),
    type: 'ValidationError',
    message: /100/,
  },
  {
    what: 'event name without letters or digits',
    op: 'createEvent',
    vars: () => ({ i: { name: '!!! ???', date: '2030-01-01', startsAt: inOneHour() } }),
    type: 'ValidationError',
  },
  ...[
    ['a NUL', 'Clash\u0000Night', /control/],
    ['an ESC', 'Clash \u001b[31mNight', /control/],
    ['a BEL', 'Clash\u0007', /control/],
    ['a right-to-left override', 'Clash \u202eNight', /bidirectional/],
    ['a bidi isolate', '\u2067Clash\u2069', /bidirectional/],
    ['a lone surrogate', 'Clash \ud800 Night', /surrogate/],
    ['only zero-width spaces', '\u200b\u200b\u200b', /empty/],
  ].map(([what, name, message]): Case => ({
    what: `an event name with ${what}`,
    op: 'createEvent',
    vars: () => ({ i: { name, date: '2030-01-01', startsAt: '2030-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: message as RegExp,
  })),
  {
    what: 'an event name of 101 characters once composed (NFC)',
    op: 'createEvent',
    vars: () => ({ i: { name: 'e\u0301'.repeat(101), date: '2030-01-01', startsAt: '2030-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: /100 characters; got 101/,
  },
  {
    what: 'the year 0000',
    op: 'createEvent',
    vars: () => ({ i: { name: 'Year Zero', date: '0000-01-01', startsAt: '0000-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: /year 1000/,
  },
  {
    what: 'a start decades before the date',
    op: 'createEvent',
    vars: () => ({ i: { name: 'Far Start', date: '2030-01-01', startsAt: '1990-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: /startsAt/,
  },
  {
    what: 'a start decades after the date',
    op: 'createEvent',
    vars: () => ({ i: { name: 'Far Start', date: '2030-01-01', startsAt: '2070-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: /startsAt/,
  },
  {
    what: 'an event that exists',
    op: 'createEvent',
    vars: () => ({ i: { name: 'Clash', date: '2030-02-02', startsAt: inOneHour() } }),
    type: 'ConflictError',
    message: /2030-02-02-clash/,
  },

  // updateEvent
  {
    what: 'unknown event',
    op: 'updateEvent',
    vars: () => ({ i: { id: 'no-such-event', name: 'x' } }),
    type: 'NotFound',
  },
  {
    what: 'blank new name',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, name: ' ' } }),
    type: 'ValidationError',
  },
  {
    what: 'new name over 100',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, name: long(101) } }),
    type: 'ValidationError',
  },
  {
    what: 'a new name with a control character',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, name: 'Bell\u0007' } }),
    type: 'ValidationError',
    message: /control/,
  },
  {
    what: 'a new name with a right-to-left override',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, name: '\u202eevil' } }),
    type: 'ValidationError',
    message: /bidirectional/,
  },
  {
    what: 'a start decades before the date',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, startsAt: '1990-01-01T20:00:00Z' } }),
    type: 'ValidationError',
    message: /startsAt/,
  },
  {
    what: 'UPCOMING to SCORED',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, state: 'SCORED' } }),
    type: 'InvalidStateTransition',
    message: /scoreEvent/,
  },
  {
    what: 'BROADCAST to SCORED',
    op: 'updateEvent',
    vars: () => ({ i: { id: live.id, state: 'SCORED' } }),
    type: 'InvalidStateTransition',
    message: /scoreEvent/,
  },
  {
    what: 'BROADCAST back to UPCOMING',
    op: 'updateEvent',
    vars: () => ({ i: { id: live.id, state: 'UPCOMING' } }),
    type: 'InvalidStateTransition',
  },
  {
    what: 'SCORED back to BROADCAST',
    op: 'updateEvent',
    vars: () => ({ i: { id: scored.id, state: 'BROADCAST' } }),
    type: 'InvalidStateTransition',
  },
  {
    what: 'SCORED back to UPCOMING',
    op: 'updateEvent',
    vars: () => ({ i: { id: scored.id, state: 'UPCOMING' } }),
    type: 'InvalidStateTransition',
  },
  {
    what: 'a bad change next to a good one',
    op: 'updateEvent',
    vars: () => ({ i: { id: open.id, name: 'Fine name', state: 'SCORED' } }),
    type: 'InvalidStateTransition',
  },

  // addMatch
  { what: 'unknown event', op: 'addMatch', vars: () => ({ e: 'no-such-event', i: matchInput(1) }), type: 'NotFound' },
  {
    what: 'one team',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: teams(1) }) }),
    type: 'ValidationError',
    message: /2 teams/,
  },
  {
    what: 'no teams',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: [] }) }),
    type: 'ValidationError',
  },
  {
    what: '31 teams',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: teams(31) }) }),
    type: 'ValidationError',
  },
  {
    what: 'a team with no members',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: [{ members: ['A'] }, { members: [] }] }) }),
    type: 'ValidationError',
    message: /teams\[1\]/,
  },
  {
    what: 'a blank member',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: [{ members: ['A'] }, { members: ['  '] }] }) }),
    type: 'ValidationError',
  },
  {
    what: 'a member over 100',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: [{ members: ['A'] }, { members: [long(101)] }] }) }),
    type: 'ValidationError',
  },
  {
    what: 'a team name over 100',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ teams: [{ name: long(101), members: ['A'] }, { members: ['B'] }] }) }),
    type: 'ValidationError',
  },
  {
    what: 'a match name over 100',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ name: long(101) }) }),
    type: 'ValidationError',
  },
  {
    what: 'a blank championship',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ championships: [''] }) }),
    type: 'ValidationError',
  },
  {
    what: 'a championship over 100',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ championships: [long(101)] }) }),
    type: 'ValidationError',
  },
  {
    what: 'zero points',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ points: 0 }) }),
    type: 'ValidationError',
    message: /points/,
  },
  {
    what: 'negative points',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ points: -5 }) }),
    type: 'ValidationError',
  },
  {
    what: 'points over 1000',
    op: 'addMatch',
    vars: () => ({ e: open.id, i: withMatch({ points: 1001 }) }),
    type: 'ValidationError',
  },
  {
    what: 'a 51st match',
    op: 'addMatch',
    vars: () => ({ e: full.id, i: matchInput(51) }),
    type: 'CardFull',
    message: /50/,
  },
  { what: 'a card that is locked', op: 'addMatch', vars: () => ({ e: live.id, i: matchInput(3) }), type: 'CardLocked' },

  // updateMatch
  {
    what: 'unknown event',
    op: 'updateMatch',
    vars: () => ({ e: 'no-such-event', m: open.matches[0], i: matchInput(1) }),
    type: 'NotFound',
  },
  {
    what: 'unknown match',
    op: 'updateMatch',
    vars: () => ({ e: open.id, m: 'no-such-match', i: matchInput(1) }),
    type: 'NotFound',
  },
  {
    what: 'a match of another card',
    op: 'updateMatch',
    vars: () => ({ e: open.id, m: live.matches[0], i: matchInput(1) }),
    type: 'NotFound',
  },
  {
    what: 'one team',
    op: 'updateMatch',
    vars: () => ({ e: open.id, m: open.matches[0], i: withMatch({ teams: teams(1) }) }),
    type: 'ValidationError',
  },
  {
    what: 'points over 1000',
    op: 'updateMatch',
    vars: () => ({ e: open.id, m: open.matches[0], i: withMatch({ points: 5000 }) }),
    type: 'ValidationError',
  },
  {
    what: 'a card that is locked',
    op: 'updateMatch',
    vars: () => ({ e: live.id, m: live.matches[0], i: matchInput(1) }),
    type: 'CardLocked',
  },

  // removeMatch
  {
    what: 'unknown event',
    op: 'removeMatch',
    vars: () => ({ e: 'no-such-event', m: open.matches[0] }),
    type: 'NotFound',
  },
  { what: 'unknown match', op: 'removeMatch', vars: () => ({ e: open.id, m: 'no-such-match' }), type: 'NotFound' },
  {
    what: 'a card that is locked',
    op: 'removeMatch',
    vars: () => ({ e: live.id, m: live.matches[0] }),
    type: 'CardLocked',
  },

  // reorderCard
  { what: 'unknown event', op: 'reorderCard', vars: () => ({ e: 'no-such-event', m: [] }), type: 'NotFound' },
  {
    what: 'a missing match',
    op: 'reorderCard',
    vars: () => ({ e: open.id, m: open.matches.slice(1) }),
    type: 'ValidationError',
  },
  {
    what: 'a match twice',
    op: 'reorderCard',
    vars: () => ({ e: open.id, m: [open.matches[0], ...open.matches] }),
    type: 'ValidationError',
    message: /more than once/,
  },
  {
    what: 'a match twice instead of another',
    op: 'reorderCard',
    vars: () => ({ e: open.id, m: [open.matches[0], open.matches[0], open.matches[1]] }),
    type: 'ValidationError',
  },
  {
    what: 'a match of another card',
    op: 'reorderCard',
    vars: () => ({ e: open.id, m: [...open.matches.slice(1), live.matches[0]] }),
    type: 'ValidationError',
  },
  {
    what: 'an extra match',
    op: 'reorderCard',
    vars: () => ({ e: open.id, m: [...open.matches, live.matches[0]] }),
    type: 'ValidationError',
  },

  // setMatchResult
  { what: 'unknown event', op: 'setMatchResult', vars: () => ({ e: 'no-such-event', m: 'x', w: 0 }), type: 'NotFound' },
  {
    what: 'unknown match',
    op: 'setMatchResult',
    vars: () => ({ e: live.id, m: 'no-such-match', w: 0 }),
    type: 'NotFound',
  },
  {
    what: 'an UPCOMING event',
    op: 'setMatchResult',
    vars: () => ({ e: open.id, m: open.matches[0], w: 0 }),
    type: 'InvalidStateTransition',
  },
  {
    what: 'winner past the last team',
    op: 'setMatchResult',
    vars: () => ({ e: live.id, m: live.matches[0], w: 2 }),
    type: 'ValidationError',
    message: /0 to 1/,
  },
  {
    what: 'a negative winner',
    op: 'setMatchResult',
    vars: () => ({ e: live.id, m: live.matches[0], w: -1 }),
    type: 'ValidationError',
  },

  // scoreEvent (the scoring function's expected failures, raised by the resolver)
  { what: 'unknown event', op: 'scoreEvent', vars: () => ({ e: 'no-such-event' }), type: 'NotFound' },
  { what: 'an UPCOMING event', op: 'scoreEvent', vars: () => ({ e: open.id }), type: 'InvalidStateTransition' },
  { what: 'missing results', op: 'scoreEvent', vars: () => ({ e: live.id }), type: 'ResultsMissing' },

  // savePrediction
  {
    what: 'unknown event',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: 'no-such-event', p: [] }),
    type: 'NotFound',
  },
  {
    what: 'a match not on the card',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: open.id, p: [{ matchId: live.matches[0], team: 0 }] }),
    type: 'NotFound',
  },
  {
    what: 'a team past the last',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: open.id, p: [{ matchId: open.matches[0], team: 2 }] }),
    type: 'ValidationError',
  },
  {
    what: 'a negative team',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: open.id, p: [{ matchId: open.matches[0], team: -1 }] }),
    type: 'ValidationError',
  },
  {
    what: 'the same match twice',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({
      e: open.id,
      p: [
        { matchId: open.matches[0], team: 0 },
        { matchId: open.matches[0], team: 1 },
      ],
    }),
    type: 'ValidationError',
    message: /more than once/,
  },
  {
    what: 'a BROADCAST event',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: live.id, p: [{ matchId: live.matches[0], team: 0 }] }),
    type: 'PredictionsLocked',
  },
  {
    what: 'a SCORED event',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: scored.id, p: [] }),
    type: 'PredictionsLocked',
  },
  {
    what: 'an event that has started',
    op: 'savePrediction',
    player: 'player-1',
    vars: () => ({ e: started.id, p: [{ matchId: started.matches[0], team: 0 }] }),
    type: 'PredictionsLocked',
  },
  {
    what: 'a new player on a locked event',
    op: 'savePrediction',
    player: 'newcomer',
    vars: () => ({ e: live.id, p: [] }),
    type: 'PredictionsLocked',
  },
  {
    what: 'a new player with a bad pick',
    op: 'savePrediction',
    player: 'newcomer',
    vars: () => ({ e: open.id, p: [{ matchId: open.matches[0], team: 9 }] }),
    type: 'ValidationError',
  },

  // updateMyProfile
  {
    what: 'a blank name',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: '    ' }),
    type: 'ValidationError',
  },
  {
    what: 'a name over 40 after trimming',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: `  ${long(41)}  ` }),
    type: 'ValidationError',
    message: /40/,
  },
  {
    what: 'a name of zero-width spaces only',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: '\u200b\u200b\u200b' }),
    type: 'ValidationError',
    message: /empty/,
  },
  {
    what: 'a name of invisible fillers and spaces only',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: ' \u3164\u2060\u00a0\ufeff ' }),
    type: 'ValidationError',
    message: /empty/,
  },
  {
    what: 'a name with a NUL',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: 'Sam\u0000' }),
    type: 'ValidationError',
    message: /control/,
  },
  {
    what: 'a name with an ESC',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: '\u001b[2JSam' }),
    type: 'ValidationError',
    message: /control/,
  },
  {
    what: 'a name with a right-to-left override',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: 'Sam\u202egnp.exe' }),
    type: 'ValidationError',
    message: /bidirectional/,
  },
  {
    what: 'a name with a lone low surrogate',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: 'Sam\udc00' }),
    type: 'ValidationError',
    message: /surrogate/,
  },
  {
    what: 'a name with a lone high surrogate at the end',
    op: 'updateMyProfile',
    player: 'player-1',
    vars: () => ({ n: 'Sam\ud83d' }),
    type: 'ValidationError',
    message: /surrogate/,
  },
  {
    what: 'a new player with an empty name',
    op: 'updateMyProfile',
    player: 'newcomer',
    vars: () => ({ n: '' }),
    type: 'ValidationError',
  },
];

describe('bad input', () => {
  beforeAll(async () => {
    await api.data(
      ADMIN,
      OP.createEvent,
      { i: { name: 'Clash', date: '2030-02-02', startsAt: inOneHour() } },
      ADMIN_GROUPS,
    );
  });

  it.each(CASES.map((c) => [`${c.op}: ${c.what}`, c] as const))('%s', async (_, c) => {
    const before = await tableSnapshot(api);
    const res = c.player
      ? await api.request(c.player, OP[c.op], c.vars())
      : await api.request(ADMIN, OP[c.op], c.vars(), ADMIN_GROUPS);
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]).toMatchObject({ errorType: c.type, path: [c.op] });
    if (c.message) expect(res.errors?.[0].message).toMatch(c.message);
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('no-op changes', () => {
  it('accepts the same state again without writing', async () => {
    const before = await tableSnapshot(api);
    const res = await api.data(ADMIN, OP.updateEvent, { i: { id: live.id, state: 'BROADCAST' } }, ADMIN_GROUPS);
    expect(res.updateEvent).toMatchObject({ id: live.id, state: 'BROADCAST', matchCount: 2 });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('accepts SCORED again on a scored event without writing', async () => {
    const before = await tableSnapshot(api);
    const res = await api.data(ADMIN, OP.updateEvent, { i: { id: scored.id, state: 'SCORED' } }, ADMIN_GROUPS);
    expect(res.updateEvent.state).toBe('SCORED');
    expect(await tableSnapshot(api)).toBe(before);
  });
});
