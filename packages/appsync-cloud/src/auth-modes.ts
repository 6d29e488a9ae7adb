/**
 * AppSync's authorization directives and the mode each one names: read by the schema prelude, the
 * local runtime's field rules, and the cloud stack's authorization config and group grants.
 */
import { Kind, parse, visit, type ConstDirectiveNode, type GraphQLField, type GraphQLObjectType } from 'graphql';

/** Authorization types as AppSync and amplify_outputs.json spell them. */
export type ClientAuthorizationType =
  'AMAZON_COGNITO_USER_POOLS' | 'API_KEY' | 'AWS_IAM' | 'AWS_LAMBDA' | 'OPENID_CONNECT';

/** Each directive's mode; `cognitoGroups`: it takes a `cognito_groups` argument. */
export const authDirectives: Record<string, { mode: ClientAuthorizationType; cognitoGroups: boolean }> = {
  aws_cognito_user_pools: { mode: 'AMAZON_COGNITO_USER_POOLS', cognitoGroups: true },
  aws_auth: { mode: 'AMAZON_COGNITO_USER_POOLS', cognitoGroups: true },
  aws_api_key: { mode: 'API_KEY', cognitoGroups: false },
  aws_iam: { mode: 'AWS_IAM', cognitoGroups: false },
  aws_oidc: { mode: 'OPENID_CONNECT', cognitoGroups: false },
  aws_lambda: { mode: 'AWS_LAMBDA', cognitoGroups: false },
};

/** The mode a directive names, or undefined for any other directive. */
export function authModeOf(directive: string): ClientAuthorizationType | undefined {
  return Object.hasOwn(authDirectives, directive) ? authDirectives[directive].mode : undefined;
}

/** The authorization modes an AppSync SDL schema names through its auth directives. */
export function authorizationTypesOf(sdl: string): ClientAuthorizationType[] {
  const found = new Set<ClientAuthorizationType>();
  visit(parse(sdl), {
    [Kind.DIRECTIVE](node) {
      const type = authModeOf(node.name.value);
      if (type) found.add(type);
    },
  });
  return [...found].sort();
}

/**
 * The modes an API accepts besides its default, Cognito user pools: those its schema names. The cloud
 * stack configures them and lists them as amplify_outputs.json's `data.authorization_types`; the local
 * runtime enables the same and writes the same list.
 */
export function additionalAuthorizationTypes(sdl: string): ClientAuthorizationType[] {
  return authorizationTypesOf(sdl).filter((t) => t !== 'AMAZON_COGNITO_USER_POOLS');
}

/**
 * The auth directives that rule a field: its own when it has any (they replace its type's), else its
 * type's (extensions included). None: only the API's default mode applies.
 */
export function fieldAuthDirectives(
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
): ConstDirectiveNode[] {
  const auth = (directives: readonly ConstDirectiveNode[] | undefined) =>
    (directives ?? []).filter((d) => authModeOf(d.name.value) !== undefined);
  const own = auth(field.astNode?.directives);
  if (own.length > 0) return own;
  return auth([...(type.astNode?.directives ?? []), ...type.extensionASTNodes.flatMap((n) => n.directives ?? [])]);
}

/** The Cognito groups a directive's `cognito_groups` argument names; null without one (any signed-in user). */
export function groupsOf(directive: ConstDirectiveNode): string[] | null {
  const arg = directive.arguments?.find((a) => a.name.value === 'cognito_groups');
  if (!arg) return null;
  const values = arg.value.kind === Kind.LIST ? arg.value.values : [arg.value];
  const groups = values.flatMap((v) => (v.kind === Kind.STRING ? [v.value] : []));
  return groups;
}
