/**
 * util.matches and util.authType, the "type and pattern matching utils" of AWS's JavaScript utilities
 * (built-in-util-js.html). VTL's isNull/typeOf/defaultIfNull family is neither there nor in
 * `@aws-appsync/utils`' type definitions, so APPSYNC_JS code does not get it.
 */
import type { ResolverContext } from '../../types.ts';

/** Java's String.matches: the whole value must match. Java-only syntax is not translated. */
export function matches(pattern: unknown, value: unknown): boolean {
  return new RegExp(`^(?:${String(pattern)})$`).test(String(value));
}

/** The names AppSync gives the auth types, inferred from the shape of `ctx.identity`. */
export function authType(ctx: ResolverContext): string {
  const identity = ctx.identity as Record<string, unknown> | null;
  if (!identity) return 'API Key Authorization';
  if ('resolverContext' in identity) return 'Lambda Authorization';
  if ('accountId' in identity || 'userArn' in identity) return 'IAM Authorization';
  const issuer = String(identity.issuer ?? '');
  if ('username' in identity || issuer.includes('cognito-idp')) return 'User Pool Authorization';
  return 'Open ID Connect Authorization';
}
