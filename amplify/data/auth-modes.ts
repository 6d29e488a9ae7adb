import { Kind, parse, visit } from 'graphql';

/** Authorization types as amplify_outputs.json spells them. */
export type ClientAuthorizationType = 'AMAZON_COGNITO_USER_POOLS' | 'API_KEY' | 'AWS_IAM' | 'AWS_LAMBDA' | 'OPENID_CONNECT';

const byDirective: Record<string, ClientAuthorizationType> = {
  aws_cognito_user_pools: 'AMAZON_COGNITO_USER_POOLS',
  aws_auth: 'AMAZON_COGNITO_USER_POOLS',
  aws_iam: 'AWS_IAM',
  aws_api_key: 'API_KEY',
  aws_oidc: 'OPENID_CONNECT',
  aws_lambda: 'AWS_LAMBDA',
};

/** The authorization modes an AppSync SDL schema names through its auth directives. */
export function authorizationTypesOf(sdl: string): ClientAuthorizationType[] {
  const found = new Set<ClientAuthorizationType>();
  visit(parse(sdl), {
    [Kind.DIRECTIVE](node) {
      const type = byDirective[node.name.value];
      if (type) found.add(type);
    },
  });
  return [...found].sort();
}
