/** The web app's Share button (app/src/ShareButton.tsx) through the helper it calls: the share sheet, else the link copied. */
import { describe, expect, it, vi } from 'vitest';
import { shareOnWeb } from '@pickem/client/share';

const prediction = { eventName: 'Full Gear', points: 65, rank: 3, shareUrl: 'https://share.example/c/abc' };
const sent = {
  title: "Pick'Em: Full Gear",
  text: "Full Gear on Pick'Em: #3 with 65 points.",
  url: prediction.shareUrl,
};

describe('sharing a result from a browser', () => {
  it('opens the share sheet with the card link where there is one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareOnWeb(prediction, { share, canShare: () => true, clipboard: { writeText } })).toBeNull();
    expect(share).toHaveBeenCalledWith(sent);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when navigator.share is missing, or cannot take it', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareOnWeb(prediction, { clipboard: { writeText } })).toBe('Link copied');
    const share = vi.fn(async () => {});
    expect(await shareOnWeb(prediction, { share, canShare: () => false, clipboard: { writeText } })).toBe(
      'Link copied',
    );
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(writeText).toHaveBeenCalledWith(prediction.shareUrl);
  });

  it('says nothing when the sheet is closed, and shows the link when nothing works', async () => {
    const closed = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await shareOnWeb(prediction, { share: () => Promise.reject(closed) })).toBeNull();
    const denied = () => Promise.reject(new Error('denied'));
    expect(await shareOnWeb(prediction, { clipboard: { writeText: denied } })).toBe(
      `Could not share: copy this link instead: ${prediction.shareUrl}`,
    );
    expect(await shareOnWeb(prediction, {})).toBe(`Could not share: copy this link instead: ${prediction.shareUrl}`);
  });
});
