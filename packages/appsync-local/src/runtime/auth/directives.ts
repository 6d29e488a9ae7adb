/**
 * AppSync's field-level authorization directives. A field's directives replace its type's; with none
 * on either, only the API's default mode is allowed, and an additional mode applies only where a
 * directive names it. `@aws_cognito_user_pools`/`@aws_auth` may narrow Cognito to some groups.
 */
import { type ConstDirectiveNode, type GraphQLSchema, isObjectType } from 'graphql';
import { authModeOf, fieldAuthDirectives, groupsOf } from 'appsync-cloud';
import type { AuthMode, RequestAuth } from '../types.ts';

/** Allowed modes, each with its allowed Cognito groups (null: any signed-in user). */
export type FieldAuthRule = Map<string, string[] | null>;

function ruleFrom(directives: readonly ConstDirectiveNode[] | undefined): FieldAuthRule | null {
  const rule: FieldAuthRule = new Map();
  for (const d of directives ?? []) {
    const mode = authModeOf(d.name.value);
    if (!mode) continue;
    const groups = groupsOf(d);
    const previous = rule.get(mode);
    // Two directives for one mode: the union of what they allow.
    if (previous === undefined) rule.set(mode, groups);
    else rule.set(mode, previous === null || groups === null ? null : [...previous, ...groups]);
  }
  return rule.size > 0 ? rule : null;
}

/** Precomputes the rule of every field of every object type. */
export function buildFieldAuthRules(
  schema: GraphQLSchema,
  defaultMode: AuthMode,
): (typeName: string, fieldName: string) => FieldAuthRule {
  const defaultRule: FieldAuthRule = new Map([[defaultMode, null]]);
  const rules = new Map<string, FieldAuthRule>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      rules.set(`${type.name}.${field.name}`, ruleFrom(fieldAuthDirectives(type, field)) ?? defaultRule);
    }
  }
  return (typeName, fieldName) => rules.get(`${typeName}.${fieldName}`) ?? defaultRule;
}

export function isAllowed(rule: FieldAuthRule, auth: RequestAuth): boolean {
  if (!rule.has(auth.mode)) return false;
  const groups = rule.get(auth.mode) ?? null;
  if (auth.mode !== 'AMAZON_COGNITO_USER_POOLS' || groups === null || groups.length === 0) return true;
  const mine = (auth.identity && 'groups' in auth.identity ? auth.identity.groups : null) ?? [];
  return groups.some((g) => mine.includes(g));
}
