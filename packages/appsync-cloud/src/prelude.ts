import { authDirectives } from './auth-modes.ts';

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
${Object.entries(authDirectives)
  .map(
    ([name, d]) =>
      `directive @${name}${d.cognitoGroups ? '(cognito_groups: [String])' : ''} on OBJECT | FIELD_DEFINITION`,
  )
  .join('\n')}
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
`;
