/**
 * Share cards end to end: Prediction.shareUrl (the caller's own, once scored), and the share-card
 * function behind the local function URL answering its page (Open Graph tags, names escaped) and its
 * 1200 x 630 PNG, and a bare 404 to anything else.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareCardFunction } from '../../amplify/data/wiring.ts';
import { localReminderOptions } from '../../scripts/local-reminders.ts';
import { withShareCard } from '../../scripts/local-share.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState } from './mutations-fixtures.ts';

const HOSTILE_NAME = '<script>alert("x")</script> & Co';
const CARD = `query($e: ID!) { eventCard(eventId: $e) { myPrediction { userId shareUrl }
  leaderboard { items { userId shareUrl } } } }`;
const HISTORY = `query($u: ID) { userProfile(userId: $u) { history { items { eventId shareUrl } } } }`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let api: TestApi;
let base: string;
let eventId: string;

const shareUrlOf = async (username: string) =>
  (await api.data(username, CARD, { e: eventId })).eventCard.myPrediction.shareUrl as string | null;

/** The content of a `<meta property|name="key">` of a page. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m?.[1];
}

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  api = await startTestApi({
    services: { port: 0, outboxDir: mkdtempSync(path.join(tmpdir(), 'pickem-outbox-')) },
    ...withShareCard(localReminderOptions({ appUrl: 'http://app.test', unsubscribeKey: 'k' }), 'http://app.test'),
  });
  base = api.app.services!.functionUrls[shareCardFunction.name];
  await api.data('sharer', OP.updateMyProfile, { n: HOSTILE_NAME });
  const event = await createCard(api, 3);
  eventId = event.id;
  const pick = (username: string, teams: number[]) =>
    api.data(username, OP.savePrediction, {
      e: eventId,
      p: event.matches.map((matchId, i) => ({ matchId, team: teams[i] })),
    });
  await pick('sharer', [0, 1, 0]);
  await pick('other', [0, 0, 1]);
  await pick('third', [0, 0, 0]);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('share cards', () => {
  let shareUrl: string;
  let sharerId: string;

  it('has no shareUrl before the event is scored', async () => {
    expect(await shareUrlOf('sharer')).toBeNull();
    const { matches } = (
      await api.data(ADMIN, `query($e: ID!) { eventCard(eventId: $e) { matches { id } } }`, {
        e: eventId,
      })
    ).eventCard;
    await setState(api, eventId, 'BROADCAST');
    expect(await shareUrlOf('sharer')).toBeNull();
    for (const [i, m] of (matches as { id: string }[]).entries())
      await api.data(ADMIN, OP.setMatchResult, { e: eventId, m: m.id, w: i === 1 ? 1 : 0 }, ADMIN_GROUPS);
    await api.app.settled();
    expect(await shareUrlOf('sharer')).toBeNull();
    await api.data(ADMIN, OP.scoreEvent, { e: eventId }, ADMIN_GROUPS);
  });

  it("gives each player their own prediction's shareUrl once scored, and no one else's", async () => {
    const { myPrediction } = (await api.data('sharer', CARD, { e: eventId })).eventCard;
    shareUrl = myPrediction.shareUrl;
    sharerId = myPrediction.userId;
    expect(shareUrl).toMatch(new RegExp(`^${base}${eventId}/${sharerId}/[0-9a-f-]{36}$`));
    expect(await shareUrlOf('other')).not.toBe(shareUrl);
    const { eventCard } = await api.data('sharer', CARD, { e: eventId });
    expect(eventCard.leaderboard.items.map((r: { shareUrl: string | null }) => r.shareUrl)).toEqual([null, null, null]);
    const own = await api.data('sharer', HISTORY, {});
    expect(own.userProfile.history.items).toEqual([{ eventId, shareUrl }]);
    const theirs = await api.data('other', HISTORY, { u: sharerId });
    expect(theirs.userProfile.history.items).toEqual([{ eventId, shareUrl: null }]);
  });

  it('serves a page with Open Graph tags, the names escaped', async () => {
    const res = await fetch(shareUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    const title = unescapeAttr(meta(html, 'og:title')!);
    expect(title).toBe(`${HOSTILE_NAME}: #1 of 3 at ${title.split(' at ')[1]}`);
    expect(meta(html, 'og:description')).toMatch(/^30 points, 3 correct picks\. Best call: /);
    expect(meta(html, 'og:url')).toBe(shareUrl);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
  });

  it('serves the card as a 1200 x 630 PNG, cached for good at its versioned address', async () => {
    const html = await (await fetch(shareUrl)).text();
    const image = unescapeAttr(meta(html, 'og:image')!);
    expect(image.startsWith(`${shareUrl}/card.png?v=`)).toBe(true);
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // An old version's address answers the current card, but not for good.
    const old = await fetch(`${shareUrl}/card.png?v=old`);
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).not.toContain('immutable');
  });

  it('answers a bare 404 to a guessed, altered or malformed address', async () => {
    const token = shareUrl.slice(shareUrl.lastIndexOf('/') + 1);
    const otherId = (await api.data('other', CARD, { e: eventId })).eventCard.myPrediction.userId;
    const guesses = [
      `${base}${eventId}/${sharerId}/${token.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `${base}${eventId}/${sharerId}/00000000-0000-4000-8000-000000000000`,
      `${base}${eventId}/${otherId}/${token}`,
      `${base}no-such-event/${sharerId}/${token}`,
      `${base}${eventId}/${sharerId}/${token}/other.png`,
      `${base}${eventId}/${sharerId}`,
      `${base}`,
      `${base}${eventId}/${sharerId}/${token}%3Cx%3E`,
    ];
    for (const url of guesses) {
      const res = await fetch(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(await res.text()).toBe('Not found');
    }
    const post = await fetch(shareUrl, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
