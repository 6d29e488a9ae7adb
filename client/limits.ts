/** The limits the API enforces on what a player or an admin types, for the apps to say before they cut (one copy: @pickem/domain). */
export { PROFILE_LIMIT } from '@pickem/domain/entities/profile';
export { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
export { EVENT_LIMIT } from '@pickem/domain/entities/event';
export { MATCH_LIMIT, MAX_MATCHES_PER_CARD } from '@pickem/domain/entities/match';
