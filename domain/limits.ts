/**
 * Limits of the API and of DynamoDB that no single entity owns (each entity module holds its own:
 * name lengths, matches per card, points per match, ...). Free of `@aws-appsync/utils`, so the scoring
 * function reads them too.
 */

/** A `limit` argument's default and maximum. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** An id argument's length (it becomes part of a key). */
export const MAX_ID_LENGTH = 200;

/** DynamoDB's limit on the entries of one TransactWriteItems. */
export const MAX_TRANSACT_ITEMS = 100;

/** DynamoDB's limit on the keys of one BatchGetItem. */
export const MAX_BATCH_GET_KEYS = 100;

/** An event's questions (beyond the winner): how many, and the sizes of each. pickCount runs 1..options. */
export const QUESTION_LIMIT = {
  perEvent: 20,
  options: 30,
  text: 200,
  option: 80,
} as const;

/**
 * The scored predictions UserProfile.streak folds, newest first: one Query page (DynamoDB reads at most
 * 1 MB a page, about 1,000 predictions). Older events do not count towards `best`.
 */
export const STREAK_EVENTS = 500;

/** A league chat message: its length after trimming, and how many a player may post to one league in a minute. */
export const CHAT_LIMIT = {
  text: 500,
  perMinute: 10,
} as const;
