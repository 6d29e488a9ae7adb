/**
 * An IAM principal that may call what a Cognito group may: `appsync:GraphQL` on every field whose auth
 * directives allow that group. The fields are derived from the schema, so a new field of the group is
 * granted without a second list; each must also allow @aws_iam (else AppSync would refuse the principal
 * there anyway), which the derivation checks. The cloud stack makes the grant an IAM managed policy
 * (src/cdk/group-grant-policy.ts); the local runtime issues a principal with it
 * (src/runtime/auth/group-principals.ts).
 *
 * Generic: the application declares its grants.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';
import { authModeOf, fieldAuthDirectives, groupsOf } from './auth-modes.ts';

export interface IamGroupGrant {
  /** The principal's name: the policy's construct id in the cloud, the role session's name locally. */
  name: string;
  /** A short name for people (the local explorer shows "AWS_IAM (<label>)"). */
  label: string;
  /** The Cognito group whose fields are granted. */
  cognitoGroup: string;
  /** The policy's description. */
  description: string;
}

/**
 * Every `Type.field` whose auth directives (its own, else its type's) allow `grant.cognitoGroup` by a
 * `cognito_groups` argument, sorted. Throws when there is none, or when one of them does not allow @aws_iam.
 */
export function grantedFieldsOf(schema: GraphQLSchema, grant: IamGroupGrant): string[] {
  const fields: string[] = [];
  const withoutIam: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const directives = fieldAuthDirectives(type, field);
      const ofGroup = directives.some(
        (d) =>
          authModeOf(d.name.value) === 'AMAZON_COGNITO_USER_POOLS' && (groupsOf(d) ?? []).includes(grant.cognitoGroup),
      );
      if (!ofGroup) continue;
      fields.push(`${type.name}.${field.name}`);
      if (!directives.some((d) => authModeOf(d.name.value) === 'AWS_IAM'))
        withoutIam.push(`${type.name}.${field.name}`);
    }
  }
  if (fields.length === 0)
    throw new Error(`IAM grant ${grant.name}: no field of the schema allows the Cognito group "${grant.cognitoGroup}"`);
  if (withoutIam.length > 0) {
    throw new Error(
      `IAM grant ${grant.name}: ${withoutIam.join(', ')} allow${withoutIam.length === 1 ? 's' : ''} the Cognito group "${grant.cognitoGroup}" but not @aws_iam; add @aws_iam beside the group's directive`,
    );
  }
  return fields.sort();
}
