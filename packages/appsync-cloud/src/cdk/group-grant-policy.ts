/**
 * An IamGroupGrant as an IAM managed policy: `appsync:GraphQL` on exactly the granted fields of the
 * API (no wildcard), attached to nobody. An account admin attaches it to the people or roles it is for.
 */
import { readFileSync } from 'node:fs';
import { IamResource, type GraphqlApi } from 'aws-cdk-lib/aws-appsync';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { grantedFieldsOf, type IamGroupGrant } from '../group-grants.ts';
import { parseAppSyncSchema } from '../wiring.ts';

export function groupGrantPolicy(
  scope: Construct,
  api: GraphqlApi,
  schemaFile: string,
  grant: IamGroupGrant,
): ManagedPolicy {
  const fields = grantedFieldsOf(parseAppSyncSchema(readFileSync(schemaFile, 'utf8')), grant);
  const resource = IamResource.custom(...fields.map((f) => `types/${f.replace('.', '/fields/')}`));
  return new ManagedPolicy(scope, `${grant.name}Policy`, {
    description: grant.description,
    statements: [new PolicyStatement({ actions: ['appsync:GraphQL'], resources: resource.resourceArns(api) })],
  });
}
