import { util, type Context } from '@aws-appsync/utils';

export const ADMIN_GROUP = 'admin';

interface CognitoCaller {
  sub: string;
  username: string;
  groups: string[] | null;
  claims: Record<string, unknown>;
}

/** The signed-in caller. Identity comes only from the verified token, never from arguments. */
export function caller(ctx: Context): CognitoCaller {
  const identity = ctx.identity as CognitoCaller | null;
  if (!identity || !identity.sub) util.unauthorized();
  return identity as CognitoCaller;
}

export function isAdmin(ctx: Context): boolean {
  const groups = caller(ctx).groups ?? [];
  return groups.indexOf(ADMIN_GROUP) >= 0;
}

/** Defence in depth behind the schema's group directive. */
export function requireAdmin(ctx: Context): void {
  if (!isAdmin(ctx)) util.unauthorized();
}

/**
 * The name shown for a player who never set one: their preferred_username, else their username
 * (with email sign-in, Cognito's username is the sub, so: "Player" and the sub's first 8 characters).
 * Never the email address: display names are public.
 */
export function defaultDisplayName(ctx: Context): string {
  const who = caller(ctx);
  const preferred = who.claims['preferred_username'];
  if (typeof preferred === 'string' && preferred.length > 0) return preferred;
  if (who.username && who.username !== who.sub) return who.username;
  return `Player ${who.sub.slice(0, 8)}`;
}
