/**
 * Bounds of the second hardening pass: every id argument capped with a short error that does not
 * echo it, publishEventUpdate's readAt near the server's clock, and names that must draw something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '@pickem/domain/limits';
import { MAX_READ_AT_AHEAD_MS } from '@pickem/domain/live';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, OP, setState, tableSnapshot } from './mutations-fixtures.ts';
import { publish, publishContext, SNAPSHOT_EVENT } from './publish-sandbox.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('id arguments', () => {
  const huge = 'z'.repeat(900_000);

  it.each([
    ['removeMatch', OP.removeMatch, (e: string) => ({ e, m: huge }), 'UPCOMING'],
    ['setMatchResult', OP.setMatchResult, (e: string) => ({ e, m: huge, w: 0 }), 'BROADCAST'],
    ['reorderCard', OP.reorderCard, (e: string) => ({ e, m: [huge] }), 'UPCOMING'],
  ])(
    '%s refuses a 900 KB match id with a short ValidationError, writing nothing',
    async (field, query, vars, state) => {
      const event = await createCard(api, 1);
      if (state !== 'UPCOMING') await setState(api, event.id, state);
      const before = await tableSnapshot(api);
      const res = await api.request(ADMIN, query, vars(event.id), ADMIN_GROUPS);
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: [field] });
      expect(res.errors?.[0].message.length).toBeLessThan(100);
      expect(res.errors?.[0].message).toContain(String(MAX_ID_LENGTH));
      expect(JSON.stringify(res).length).toBeLessThan(1000);
      expect(await tableSnapshot(api)).toBe(before);
    },
  );

  it("savePrediction refuses a pick's over-long match id without echoing it", async () => {
    const event = await createCard(api, 1);
    const res = await api.request('bound-player', OP.savePrediction, {
      e: event.id,
      p: [
        { matchId: event.matches[0], team: 0 },
        { matchId: 'q'.repeat(MAX_ID_LENGTH + 1), team: 0 },
      ],
    });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: ['savePrediction'] });
    expect(res.errors?.[0].message).toBe(`picks[1].matchId must be at most ${MAX_ID_LENGTH} characters`);
  });
});

describe("publishEventUpdate's readAt", () => {
  const run = (readAt: string) =>
    publish.run('request', publishContext({ eventId: 'e1', kind: 'STATE', readAt, event: SNAPSHOT_EVENT }));

  it('refuses a readAt beyond the allowance ahead of the clock', () => {
    for (const readAt of [
      '2099-01-01T00:00:00.000Z',
      new Date(Date.now() + MAX_READ_AT_AHEAD_MS + 60_000).toISOString(),
    ]) {
      const outcome = run(readAt);
      expect(outcome.kind, readAt).toBe('error');
      expect(outcome.error).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('readAt') });
    }
  });

  it('takes a readAt in the past, now, or within the allowance', () => {
    for (const readAt of [
      '2024-01-01T00:00:00.000Z',
      new Date().toISOString(),
      new Date(Date.now() + MAX_READ_AT_AHEAD_MS - 60_000).toISOString(),
    ]) {
      expect(run(readAt).kind, readAt).toBe('value');
    }
  });
});

describe('names must draw something', () => {
  const invisible: [string, string][] = [
    ['tag characters', '\u{E0020}\u{E0041}\u{E0042}\u{E007F}'],
    ['braille blank', '\u2800\u2800'],
    ['object replacement', '\uFFFC'],
    ['Hangul fillers', '\u3164\u115F\u1160\uFFA0'],
    ['private use', '\uE000 \u{F0000}'],
    ['format characters', '\u2061\u00AD\u{1D173}\u{E0001}'],
    ['variation selectors', '\uFE0F\u{E0100}'],
    ['ideographic spaces', '\u3000\u3000'],
  ];

  it.each(invisible)('updateMyProfile refuses a display name of %s alone, writing nothing', async (_what, name) => {
    const before = await tableSnapshot(api);
    const res = await api.request('blank-player', OP.updateMyProfile, { n: name });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'displayName must not be empty' });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('createEvent refuses an event name of tag characters and braille blanks', async () => {
    const res = await api.request(
      ADMIN,
      OP.createEvent,
      { i: { name: '\u{E0041}\u2800', date: '2031-04-04', startsAt: '2031-04-04T20:00:00Z' } },
      ADMIN_GROUPS,
    );
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'name must not be empty' });
  });

  it.each(['\u{1F600}', 'A\u2800', '\u3131', '\u0301', '\u{10400}x', '\u2764\uFE0F'])(
    'keeps a visible name (%s)',
    async (name) => {
      const { updateMyProfile } = await api.data('visible-player', OP.updateMyProfile, { n: name });
      expect(updateMyProfile.displayName).toBe(name.normalize('NFC').trim());
    },
  );
});
