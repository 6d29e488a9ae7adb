/**
 * util.isNull & co., util.typeOf, util.matches, util.authType. The null/empty/typeOf helpers come from
 * the VTL utility set; the APPSYNC_JS type definitions do not list them.
 */
import type { ResolverContext } from '../../types.ts';

const isNull = (v: unknown): boolean => v === null || v === undefined;
const isNullOrEmpty = (v: unknown): boolean =>
  isNull(v) || (typeof v === 'string' && v.length === 0) || (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
const isNullOrBlank = (v: unknown): boolean => isNull(v) || (typeof v === 'string' && v.trim().length === 0);

export function typeOf(v: unknown): string {
  if (isNull(v)) return 'Null';
  if (typeof v === 'number') return 'Number';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'boolean') return 'Boolean';
  if (Array.isArray(v)) return 'List';
  return 'Map';
}

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

export const typeUtils = {
  isNull,
  isNullOrEmpty,
  isNullOrBlank,
  defaultIfNull: (v: unknown, d: unknown) => (isNull(v) ? d : v),
  defaultIfNullOrEmpty: (v: unknown, d: unknown) => (isNullOrEmpty(v) ? d : v),
  defaultIfNullOrBlank: (v: unknown, d: unknown) => (isNullOrBlank(v) ? d : v),
  isString: (v: unknown) => typeof v === 'string',
  isNumber: (v: unknown) => typeof v === 'number',
  isBoolean: (v: unknown) => typeof v === 'boolean',
  isList: (v: unknown) => Array.isArray(v),
  isMap: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v),
  typeOf,
  matches,
};
