/** The limits the API enforces on what a player or an admin types, for the apps to say before they cut (one copy: @pickem/domain). */
export { PROFILE_LIMIT } from '@pickem/domain/entities/profile';
export { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
export { EVENT_LIMIT } from '@pickem/domain/entities/event';
export { MATCH_LIMIT, MAX_MATCHES_PER_CARD } from '@pickem/domain/entities/match';
export { CHAT_LIMIT, QUESTION_LIMIT } from '@pickem/domain/limits';
/** A question's checks as the API runs them, for the admin's form to say what is wrong before it asks. */
export { MAX_QUESTION_POINTS, questionFields } from '@pickem/domain/questions';
