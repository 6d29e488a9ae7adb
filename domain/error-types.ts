/** Free of `@aws-appsync/utils`, so the scoring function shares these names with the resolvers. */

/** The errorType of every error the Pick'Em resolvers raise (AppSync-style names). */
export const ERROR = {
  validation: 'ValidationError',
  notFound: 'NotFound',
  conflict: 'ConflictError',
  predictionsLocked: 'PredictionsLocked',
  invalidState: 'InvalidStateTransition',
  resultsMissing: 'ResultsMissing',
  /** A card edit (add, update, remove a match) once the event has left UPCOMING. */
  cardLocked: 'CardLocked',
  /** A match added to a card that already holds MAX_MATCHES_PER_CARD. */
  cardFull: 'CardFull',
  /** An optimistic write lost a race (the item changed since it was read); retrying may succeed. */
  concurrentModification: 'ConcurrentModification',
  /** updateEvent moving the start of an event whose bell has rung (startsAt passed, or BROADCAST/SCORED): picks have been shown. */
  bellRung: 'BellRung',
  /** updateEvent changing the scoring rules of an event whose bell has rung. */
  rulesLocked: 'RulesLocked',
  /** scoreEvent on an event whose tie-break question has no answer yet (setTieBreakAnswer). */
  tieBreakAnswerMissing: 'TieBreakAnswerMissing',
  /** A season's window change (or a new season) over an event that has gone live: standings stay exact. */
  seasonLocked: 'SeasonLocked',
  /** League refusals: each its own errorType, and nothing is written. */
  leagueFull: 'LeagueFull',
  joinsClosed: 'JoinsClosed',
  invalidCode: 'InvalidCode',
  leagueLimitReached: 'LeagueLimitReached',
  alreadyMember: 'AlreadyMember',
  notCommissioner: 'NotCommissioner',
  notMember: 'NotMember',
  commissionerMustTransfer: 'CommissionerMustTransfer',
  /** joinLeague by a player the commissioner removed (until unbanLeagueMember). */
  banned: 'Banned',
  /** joinLeague after JOIN_ATTEMPTS.maxWrong wrong codes within the player's current minute. */
  tooManyAttempts: 'TooManyAttempts',
  /** The scoring function answered with neither a report nor an error. */
  scoringFailed: 'ScoringFailed',
  /** A live update (publishEventUpdate) could not be published; what it announces is written. */
  publishFailed: 'PublishFailed',
} as const;
