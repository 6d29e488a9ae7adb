/**
 * What a player or an admin reads for an API error: the API's messages are written for developers (they
 * name fields and ids), so every errorType has its plain sentence here, and each validation rule of
 * the resolvers (resolvers/lib/validate.ts and the mutations) its own. One table for every app.
 */
import { ERROR } from '@pickem/domain/error-types';
import { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
import { MAX_MATCHES_PER_CARD } from '@pickem/domain/entities/match';

export interface ApiError {
  message?: string | null;
  errorType?: string | null;
}

/** Every errorType's sentence; ValidationError, InvalidStateTransition and Unauthorized are read from their message below. */
const BY_TYPE: Record<string, string> = {
  [ERROR.invalidCode]:
    'No league has this invite code. Check it with whoever sent it: it may have been replaced by a new one.',
  [ERROR.alreadyMember]: 'You are already in this league.',
  [ERROR.leagueFull]: `This league is full (${LEAGUE_LIMIT.membersPerLeague} members).`,
  [ERROR.joinsClosed]: 'This league is not taking new members: its commissioner has closed joins.',
  [ERROR.leagueLimitReached]: `You are in ${LEAGUE_LIMIT.leaguesPerPlayer} leagues already, the most a player may be in: leave one first.`,
  [ERROR.notMember]: 'You are not a member of this league.',
  [ERROR.notCommissioner]: "Only the league's commissioner may do this.",
  [ERROR.commissionerMustTransfer]:
    'A commissioner cannot leave: hand the league to another member first, or delete it.',
  [ERROR.banned]:
    'You were removed from this league, so you cannot rejoin it with its code. Ask its commissioner to let you back in.',
  [ERROR.tooManyAttempts]: 'Too many wrong codes. Try again in a minute.',
  [ERROR.rateLimited]: 'You are sending messages too fast. Wait a minute, then try again.',
  [ERROR.alreadyNudged]: 'This league was nudged for this event already: one nudge per event.',
  [ERROR.bellRung]: "This event's bell has rung: its picks were shown, so the bell can no longer move.",
  [ERROR.seasonLocked]: 'That season has live or scored events, so its dates can no longer change.',
  [ERROR.rulesLocked]: "This event's bell has rung: players picked under its rules, so they can no longer change.",
  [ERROR.tieBreakAnswerMissing]: "Enter the tie-break question's answer first: it orders players level on points.",
  [ERROR.questionAnswerMissing]: 'Answer or void every question first: each one is scored with the card.',
  [ERROR.predictionsLocked]: 'Picks are locked: the bell has rung. Your last saved picks stand.',
  [ERROR.cardLocked]: 'The card is locked: the show has started, so matches can no longer change.',
  [ERROR.cardFull]: `A card holds at most ${MAX_MATCHES_PER_CARD} matches.`,
  [ERROR.concurrentModification]: 'Someone changed this at the same moment. Try again.',
  [ERROR.notFound]: 'It is no longer there (it may have been removed). Reload the page.',
  [ERROR.conflict]: 'That already exists: an event (or season) of this name on this date. Choose another name.',
  [ERROR.resultsMissing]: 'Every match needs a result (a winner, a draw or a no contest) before the event is scored.',
  [ERROR.scoringFailed]: 'Scoring did not finish. Try again.',
  [ERROR.publishFailed]: 'Saved, but the live update was not sent: others see it when they reload.',
};

/** The words a field of the API goes by. */
const FIELD: Record<string, string> = {
  displayName: 'Your display name',
  name: 'The name',
  code: 'The invite code',
  members: 'A side',
  championships: 'A championship',
  text: 'Your message',
};
const fieldName = (field: string) => FIELD[field] ?? FIELD[field.replace(/\[\d+\].*$/, '')] ?? `The ${field}`;

/** Each validation message of the resolvers, by its pattern, in plain words. */
const RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(\S+) must not be empty$/, (m) => `${fieldName(m[1])} cannot be empty.`],
  [/^(\S+) must be at most (\d+) characters/, (m) => `${fieldName(m[1])} can be at most ${m[2]} characters.`],
  [/^(\S+) must not contain (.+)$/, (m) => `${fieldName(m[1])} cannot contain ${m[2]}.`],
  [/^(\S+) is not valid Unicode text/, (m) => `${fieldName(m[1])} holds a broken character: type it again.`],
  [/must contain at least one letter or digit/, () => 'The name needs at least one letter or digit.'],
  [/^a match needs at least 2 teams/, () => 'A match needs at least two sides: add another.'],
  [/^a match has at most (\d+) teams/, (m) => `A match can have at most ${m[1]} sides.`],
  [/must have at least one member$/, () => 'Every side needs at least one wrestler.'],
  [/^points must be a whole number from 1 to (\d+)/, (m) => `Points must be a whole number from 1 to ${m[1]}.`],
  [/is picked more than once$/, () => 'Each match takes one pick.'],
  [/^outcome WIN needs a winner$/, () => 'Choose the winner.'],
  [/has no winner; got winner/, () => 'A draw or a no contest has no winner.'],
  [/^Unknown outcome/, () => 'Choose a winner, a draw or a no contest.'],
  [/^startDate .* must not be after endDate/, () => "The season's first day must not be after its last."],
  [/^date must be in the year (\d+) or later/, (m) => `The date must be in ${m[1]} or later.`],
  [/calendar year: its name and window are fixed$/, () => "A calendar year's season cannot be renamed or moved."],
  [/^You are already the commissioner$/, () => 'You are already the commissioner.'],
  [
    /^The commissioner cannot remove themselves/,
    () => 'You cannot remove yourself: hand the league over, or delete it.',
  ],
  [/appears more than once in the new order$/, () => 'Each match appears once in the order.'],
  [/is not on the card$/, () => 'A match is no longer on the card. Reload the page.'],
  [/^A card has at most (\d+) matches/, (m) => `A card holds at most ${m[1]} matches.`],
  [
    /has matches on its card: remove them first/,
    () => 'Only an event with no match can be deleted: remove its matches first.',
  ],
  [/nextToken/, () => 'This list changed meanwhile. Reload the page.'],
  [/^limit must be between/, () => 'That page size is not allowed.'],
  [/^Not a valid event update: (.+)$/, (m) => `That change is not allowed: ${m[1]}.`],
  [/^Results can be entered once event/, () => 'Results are entered once the broadcast has started.'],
  [/^An event cannot move back/, () => 'An event cannot go back to an earlier stage.'],
  [/^An event becomes SCORED only through scoreEvent/, () => 'Use Score the event to finish it.'],
];

/** One API error in plain words; an unknown one keeps the API's message. */
export function plainMessage(error: ApiError): string {
  const type = error.errorType ?? '';
  const message = error.message ?? '';
  if (BY_TYPE[type]) return BY_TYPE[type];
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(message);
    if (m) return say(m);
  }
  if (type === 'Unauthorized' || /^Not Authorized/i.test(message)) return 'You are not allowed to do this.';
  return message || type || 'Something went wrong. Try again.';
}

/** The message of a failed call: its GraphQL errors in plain words (plainMessage), each once, or a thrown Error's. */
export function errorText(err: unknown): string {
  const errors = (err as { errors?: ApiError[] })?.errors;
  if (errors?.length) return [...new Set(errors.map(plainMessage))].join(' ');
  return err instanceof Error ? err.message : String(err);
}
