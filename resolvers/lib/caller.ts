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

/** The name shown for a player who never set one: their email's local part, else their username. */
export function defaultDisplayName(ctx: Context): string {
  const who = caller(ctx);
  const email = who.claims['email'];
  if (typeof email === 'string' && email.indexOf('@') > 0) return email.split('@')[0];
  const preferred = who.claims['preferred_username'];
  if (typeof preferred === 'string' && preferred.length > 0) return preferred;
  if (who.username && who.username !== who.sub) return who.username;
  return `Player ${who.sub.slice(0, 8)}`;
}
