/** Free of `@aws-appsync/utils`, so the scoring function shares these names with the resolvers. */

/**
 * The errorType of every error the Pick'Em resolvers raise (AppSync-style names). No comments inside
 * the object: the resolvers' bundles keep them, and AppSync limits a bundle's size.
 *
 * - cardLocked: a card edit (add, update, remove a match) once the event has left UPCOMING.
 * - cardFull: a match added to a card that already holds MAX_MATCHES_PER_CARD.
 * - concurrentModification: an optimistic write lost a race (the item changed since it was read);
 *   retrying may succeed.
 * - bellRung: updateEvent moving the start of an event whose bell has rung (startsAt passed, or
 *   BROADCAST/SCORED): picks have been shown.
 * - rulesLocked: updateEvent changing the scoring rules of an event whose bell has rung.
 * - tieBreakAnswerMissing: scoreEvent on an event whose tie-break question has no answer yet.
 * - questionAnswerMissing: scoreEvent on an event with a question that has neither an answer nor void.
 * - seasonLocked: a season's window change (or a new season) over an event that has gone live:
 *   standings stay exact.
 * - leagueFull ... commissionerMustTransfer: league refusals, each its own errorType; nothing is written.
 * - banned: joinLeague by a player the commissioner removed (until unbanLeagueMember).
 * - tooManyAttempts: joinLeague after JOIN_ATTEMPTS.maxWrong wrong codes within the player's current minute.
 * - alreadyNudged: nudgeLeague for a league and event already nudged (once per league and event).
 * - rateLimited: postLeagueMessage beyond CHAT_LIMIT.perMinute in the player's current minute in that league.
 * - scoringFailed: the scoring function answered with neither a report nor an error.
 * - publishFailed: a live update (publishEventUpdate) could not be published; what it announces is written.
 */
export const ERROR = {
  validation: 'ValidationError',
  notFound: 'NotFound',
  conflict: 'ConflictError',
  predictionsLocked: 'PredictionsLocked',
  invalidState: 'InvalidStateTransition',
  resultsMissing: 'ResultsMissing',
  cardLocked: 'CardLocked',
  cardFull: 'CardFull',
  concurrentModification: 'ConcurrentModification',
  bellRung: 'BellRung',
  rulesLocked: 'RulesLocked',
  tieBreakAnswerMissing: 'TieBreakAnswerMissing',
  questionAnswerMissing: 'QuestionAnswerMissing',
  seasonLocked: 'SeasonLocked',
  leagueFull: 'LeagueFull',
  joinsClosed: 'JoinsClosed',
  invalidCode: 'InvalidCode',
  leagueLimitReached: 'LeagueLimitReached',
  alreadyMember: 'AlreadyMember',
  notCommissioner: 'NotCommissioner',
  notMember: 'NotMember',
  commissionerMustTransfer: 'CommissionerMustTransfer',
  banned: 'Banned',
  tooManyAttempts: 'TooManyAttempts',
  rateLimited: 'RateLimited',
  alreadyNudged: 'AlreadyNudged',
  scoringFailed: 'ScoringFailed',
  publishFailed: 'PublishFailed',
} as const;
