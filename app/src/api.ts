/** The one API client of the app, typed by the generated documents of @pickem/client. */
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession } from 'aws-amplify/auth';

export const client = generateClient();

export * as queries from '@pickem/client/graphql/queries';
export * as mutations from '@pickem/client/graphql/mutations';
export * as subscriptions from '@pickem/client/graphql/subscriptions';
export type * from '@pickem/client/graphql/types';
export { ADMIN_GROUP } from '@pickem/client/groups';

/** What a player reads for the API's refusals of league calls (the API's own messages name internal ids). */
const REFUSALS: Record<string, string> = {
  InvalidCode: 'No league has this invite code. Check it with whoever sent it: it may have been replaced by a new one.',
  AlreadyMember: 'You are already in this league.',
  LeagueFull: 'This league is full (30 members).',
  JoinsClosed: 'This league is not taking new members: its commissioner has closed joins.',
  LeagueLimitReached: 'You are in 10 leagues already, the most a player may be in: leave one first.',
  NotMember: 'You are not a member of this league.',
  NotCommissioner: "Only the league's commissioner may do this.",
  CommissionerMustTransfer: 'A commissioner cannot leave: hand the league to another member first, or delete it.',
  Banned:
    'You were removed from this league, so you cannot rejoin it with its code. Ask its commissioner to let you back in.',
  TooManyAttempts: 'Too many wrong codes. Try again in a minute.',
  BellRung: "This event's bell has rung: its picks were shown, so the bell can no longer move.",
  SeasonLocked: 'That season has live or scored events, so its dates can no longer change.',
  RulesLocked: "This event's bell has rung: players picked under its rules, so they can no longer change.",
  TieBreakAnswerMissing: "Enter the tie-break question's answer first: it orders players level on points.",
};

/** The message of a failed call: GraphQL errors (a known refusal in plain words, else errorType and message) or a thrown Error. */
export function errorText(err: unknown): string {
  const errors = (err as { errors?: { message: string; errorType?: string }[] })?.errors;
  // The API's messages are sentences; the errorType is shown only when there is no message.
  if (errors?.length)
    return errors.map((e) => (e.errorType && REFUSALS[e.errorType]) || e.message || e.errorType || 'Error').join('; ');
  return err instanceof Error ? err.message : String(err);
}

/** A hand-written document typed like the generated ones (its variables and its result). */
export type Typed<Variables, Result> = string & { __generatedQueryInput: Variables; __generatedQueryOutput: Result };

/** The signed-in user's Cognito groups, from the access token (the API checks them again). */
export async function myGroups(): Promise<string[]> {
  const { tokens } = await fetchAuthSession();
  const groups = tokens?.accessToken.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}
