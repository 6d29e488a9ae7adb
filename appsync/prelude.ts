/**
 * What AppSync defines implicitly and an AppSync schema must not declare itself: its scalars and its
 * authorization directives. graphql-js needs them declared, so they are prepended when parsing.
 */
export const appsyncScalars = [
  'AWSDate',
  'AWSTime',
  'AWSDateTime',
  'AWSTimestamp',
  'AWSEmail',
  'AWSJSON',
  'AWSURL',
  'AWSPhone',
  'AWSIPAddress',
] as const;

export const appsyncPrelude = `
${appsyncScalars.map((s) => `scalar ${s}`).join('\n')}
directive @aws_cognito_user_pools(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION
directive @aws_auth(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION
directive @aws_api_key on OBJECT | FIELD_DEFINITION
directive @aws_iam on OBJECT | FIELD_DEFINITION
directive @aws_oidc on OBJECT | FIELD_DEFINITION
directive @aws_lambda on OBJECT | FIELD_DEFINITION
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
`;
