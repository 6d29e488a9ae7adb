import { util } from '@aws-appsync/utils';

/**
 * League invite codes: 10 characters of Crockford's base 32 (digits and capitals without I, L, O
 * and U, so nothing reads as another character aloud), 50 bits from a random UUID, shown as two
 * groups of five (`7KQ2M-XD4PB`). Typed back, case, separators and spaces do not matter, and the
 * letters Crockford maps (O to 0, I and L to 1) are read as those digits.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;
const GROUP = 5;
/** One entry per character (APPSYNC_JS has no counted for loop). */
const POSITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * A new code, stored form. util.autoId() is a random (version 4) UUID; its last 13 hex digits are
 * random (the version and variant digits come before them) and give 52 bits, of which 50 are used.
 */
export function newInviteCode(): string {
  const hex = util.autoId().split('-').join('');
  const bits = parseInt(hex.slice(hex.length - 13), 16);
  let code = '';
  for (const position of POSITIONS) {
    code = code + CODE_ALPHABET.charAt(Math.floor(bits / Math.pow(32, position)) % 32);
  }
  return code;
}

/** A stored code as shown and shared. */
export function shownInviteCode(code: string): string {
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

/** A typed code in its stored form, or null when it cannot be a code. */
export function typedInviteCode(typed: string): string | null {
  if (typed.length > 40) return null;
  let code = '';
  for (const ch of typed.toUpperCase().split('')) {
    if (ch !== '-' && ch !== ' ') {
      const read = READ_AS[ch] ?? ch;
      if (CODE_ALPHABET.indexOf(read) < 0) return null;
      code = code + read;
    }
  }
  return code.length === CODE_LENGTH ? code : null;
}
