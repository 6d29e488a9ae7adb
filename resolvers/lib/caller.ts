import { util, type Context } from '@aws-appsync/utils';
import { PROFILE_LIMIT } from '@pickem/domain/entities/profile';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { acceptableText } from './validate';

interface CognitoCaller {
  sub: string;
  username: string;
  groups: string[] | null;
  claims: Record<string, unknown>;
}

/**
 * The signed-in Cognito user; anyone else (an IAM caller) is refused. Identity comes only from the
 * verified token, never from arguments. Everything a player does (predictions, profiles) reads it.
 */
export function caller(ctx: Context): CognitoCaller {
  const identity = ctx.identity as CognitoCaller | null;
  if (!identity || !identity.sub) util.unauthorized();
  return identity as CognitoCaller;
}

/**
 * An AWS_IAM caller signing with its own AWS identity: AppSync's IAM identity has `accountId`,
 * `userArn`, `username` and the `cognitoIdentity*` fields, and no `sub` or `groups` (AppSync
 * Developer Guide, "Resolver context object reference" (JavaScript), Identity). One that comes through
 * a Cognito identity pool is an app user, never an admin. Which IAM principals get this far is IAM
 * policy's choice: appsync:GraphQL on the field (the console-admin policy grants exactly the admin fields).
 */
export function isIamPrincipal(ctx: Context): boolean {
  const identity = ctx.identity as { sub?: string; userArn?: string; cognitoIdentityPoolId?: string | null } | null;
  if (!identity || identity.sub) return false;
  return typeof identity.userArn === 'string' && identity.userArn !== '' && !identity.cognitoIdentityPoolId;
}

/**
 * A signed-out guest: the API key (AppSync gives an API_KEY caller no identity). The schema lets such a
 * caller reach leaguePreview alone (@aws_api_key); every other field refuses it before any resolver.
 */
export function isGuest(ctx: Context): boolean {
  return !ctx.identity;
}

/** A member of the Cognito `admin` group, or an IAM principal allowed the field (the schema's @aws_iam and its policy). */
export function isAdmin(ctx: Context): boolean {
  if (isIamPrincipal(ctx)) return true;
  const groups = caller(ctx).groups ?? [];
  return groups.indexOf(ADMIN_GROUP) >= 0;
}

/** Defence in depth behind the schema's admin directives. */
export function requireAdmin(ctx: Context): void {
  if (!isAdmin(ctx)) util.unauthorized();
}

/**
 * The name shown for a player who never set one: their preferred_username, else their username
 * (with email sign-in, Cognito's username is the sub, so: "Player" and the sub's first 8 characters).
 * Never the email address: display names are public. A claim is used only if it passes the rule
 * updateMyProfile applies (validate.ts: no control or bidirectional characters, not blank, at most
 * PROFILE_LIMIT.displayName), else the neutral default: a token's claims are whatever the sign-up
 * allowed, and this name is stored and shown to other players.
 */
export function defaultDisplayName(ctx: Context): string {
  const who = caller(ctx);
  const preferred = acceptableText(who.claims['preferred_username'], PROFILE_LIMIT.displayName);
  if (preferred !== null) return preferred;
  const username =
    who.username && who.username !== who.sub ? acceptableText(who.username, PROFILE_LIMIT.displayName) : null;
  if (username !== null) return username;
  return `Player ${who.sub.slice(0, 8)}`;
}
