/**
 * League invite codes: 10 characters of Crockford's base 32 (digits and capitals without I, L, O
 * and U, so nothing reads as another character aloud), shown as two groups of five (`7KQ2M-XD4PB`).
 * Typed back, case, separators and spaces do not matter, and the letters Crockford maps (O to 0, I and
 * L to 1) are read as those digits. The resolvers read typed codes with this; the apps preview a code
 * only once it is whole (a partial one would count as a wrong code).
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;
const GROUP = 5;
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

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
