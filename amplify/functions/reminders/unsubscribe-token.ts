/**
 * The one-click unsubscribe token: `<userId>.<HMAC-SHA256 of "unsubscribe:<userId>">`, base64url, keyed
 * by UNSUBSCRIBE_KEY. It names one player and can do one thing, turn their email reminders off; it does
 * not expire (RFC 8058 links must keep working long after the email was sent). Changing the key voids
 * every token already sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'unsubscribe:';

function mac(key: string, userId: string): Buffer {
  return createHmac('sha256', key)
    .update(PURPOSE + userId)
    .digest();
}

export function unsubscribeToken(key: string, userId: string): string {
  return `${userId}.${mac(key, userId).toString('base64url')}`;
}

/**
 * The player a token was made for, or null when it was not made with `key`. The text after the dot is
 * compared with the expected encoding itself, not decoded first: base64url decoding is lenient (it
 * skips `=`, spaces and unknown characters, and ignores the last character's spare bits), so many texts
 * decode to the right MAC and only one is the token that was sent.
 */
export function verifyUnsubscribeToken(key: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 400) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(key, userId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
