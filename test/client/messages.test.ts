/**
 * Every errorType of the API, and every validation rule's message as the resolvers word it, reads in
 * plain words (client/messages.ts): no field name, id or errorType shown to a player.
 */
import { describe, expect, it } from 'vitest';
import { ERROR } from '@pickem/domain/error-types';
import { plainMessage } from '@pickem/client/messages';

/** The errorTypes whose sentence depends on the message (read by the rules below). */
const BY_MESSAGE = new Set<string>([ERROR.validation, ERROR.invalidState]);

/** One message of each validation rule, as the resolvers raise it. */
const VALIDATION = [
  'displayName must not be empty',
  'name must be at most 60 characters; got 75',
  'name must not contain control characters',
  'displayName is not valid Unicode text (a lone surrogate)',
  'name must contain at least one letter or digit',
  'a match needs at least 2 teams; got 1',
  'a match has at most 30 teams; got 31',
  'teams[1] must have at least one member',
  'points must be a whole number from 1 to 1000; got 0',
  'Match 01J is picked more than once',
  'outcome WIN needs a winner',
  'outcome DRAW has no winner; got winner 1',
  'Unknown outcome FOO',
  'startDate (2030-02-01) must not be after endDate (2030-01-01)',
  'date must be in the year 2000 or later; got 1999-01-01',
  'Season 2030 is a calendar year: its name and window are fixed',
  'You are already the commissioner',
  'The commissioner cannot remove themselves: transfer the league, or delete it',
  'Match 01J appears more than once in the new order',
  'Match 01J is not on the card',
  'A card has at most 50 matches; got 51 ids',
  'Event 2030-01-01-x has matches on its card: remove them first (only an empty event can be deleted)',
  'nextToken is not a token of this list; start again without it',
  'limit must be between 1 and 100; got 0',
];
const STATES = [
  'Results can be entered once event 2030-01-01-x is BROADCAST; it is UPCOMING',
  'An event cannot move back from SCORED to UPCOMING',
  'An event becomes SCORED only through scoreEvent; it is BROADCAST',
];

describe('plain messages', () => {
  it('every errorType has its own sentence, without the errorType in it', () => {
    for (const type of Object.values(ERROR).filter((t) => !BY_MESSAGE.has(t))) {
      const text = plainMessage({ errorType: type, message: `Something about ${type} of league 01J` });
      expect(text, type).not.toContain(type);
      expect(text, type).not.toContain('01J');
      expect(text, type).toMatch(/\.$/);
    }
  });

  it('every validation rule and state transition reads in plain words, with no field name or id', () => {
    for (const message of VALIDATION) {
      const text = plainMessage({ errorType: ERROR.validation, message });
      expect(text, message).not.toBe(message);
      expect(text, message).not.toMatch(/displayName|teams\[|01J|nextToken|\bWIN\b|startDate/);
    }
    for (const message of STATES) {
      const text = plainMessage({ errorType: ERROR.invalidState, message });
      expect(text, message).not.toBe(message);
      expect(text, message).not.toMatch(/BROADCAST|SCORED|UPCOMING|scoreEvent/);
    }
    expect(plainMessage({ errorType: ERROR.validation, message: 'displayName must not be empty' })).toBe(
      'Your display name cannot be empty.',
    );
    expect(plainMessage({ errorType: ERROR.validation, message: 'a match needs at least 2 teams; got 1' })).toBe(
      'A match needs at least two sides: add another.',
    );
  });

  it('an error it does not know keeps the API message', () => {
    expect(plainMessage({ errorType: 'Weird', message: 'Something new happened' })).toBe('Something new happened');
  });
});
