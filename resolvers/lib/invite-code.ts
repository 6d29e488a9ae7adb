import { util } from '@aws-appsync/utils';
import { CODE_ALPHABET } from '@pickem/domain/invite-code';

/** One entry per character (APPSYNC_JS has no counted for loop). */
const POSITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * A new code, stored form (@pickem/domain/invite-code). util.autoId() is a random (version 4) UUID;
 * its last 13 hex digits are random (the version and variant digits come before them) and give 52
 * bits, of which 50 are used.
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
