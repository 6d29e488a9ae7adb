/**
 * Synthesizes amplify/backend.ts to CloudFormation offline (as `ampx sandbox` / `pipeline-deploy` would
 * before deploying) and checks that what is deployed is what the local runtime runs: the same table,
 * the same wiring, the same bundled resolver code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleResolver, repoRoot } from '../../../project.ts';
import { wiring } from '../../../amplify/data/wiring.ts';
import { pickemTable } from '../../../amplify/data/table.ts';
import { TABLE } from '@pickem/domain/entities/table';
import { templateWith, type CfnTemplate, type Synthesized } from '../synthesize.ts';
import { branchSynthesis } from './synthesis.ts';

// Sandbox defaults are checked in-process in wiring-check.test.ts.
let branch: Synthesized;
beforeAll(async () => {
  branch = await branchSynthesis();
}, 300_000);

const ofType = (t: CfnTemplate, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);
const dataTemplate = (s: Synthesized) => templateWith(s, 'AWS::AppSync::GraphQLApi');
const nameOf = (t: CfnTemplate, logicalId: string): string => t.Resources[logicalId].Properties.Name;
const dynamoSources = wiring.dataSources.filter((d) => d.kind === 'DYNAMODB');

describe('table', () => {
  it('has the key schema, indexes and TTL of the shared table definitions, on demand, with PITR', () => {
    const tables = ofType(dataTemplate(branch), 'AWS::DynamoDB::Table');
    expect(pickemTable.timeToLiveAttribute).toBe(TABLE.ttl);
    expect(tables).toHaveLength(new Set(dynamoSources.map((d) => d.table.name)).size);
    for (const source of dynamoSources) {
      const def = source.table;
      Template.fromJSON(dataTemplate(branch)).hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          KeySchema: [
            { AttributeName: def.partitionKey, KeyType: 'HASH' },
            { AttributeName: def.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: def.indexes.map((i) => ({
            IndexName: i.name,
            KeySchema: [
              { AttributeName: i.partitionKey, KeyType: 'HASH' },
              { AttributeName: i.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
          ...(def.timeToLiveAttribute === undefined
            ? {}
            : { TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true } }),
        }),
      });
    }
  });
});

describe('auth', () => {
  it('signs in with email and has the admin group', () => {
    const auth = Template.fromJSON(templateWith(branch, 'AWS::Cognito::UserPool'));
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    auth.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: ['email'] });
  });

  it('lets the app client sign in with USER_PASSWORD_AUTH (the local user pool has no SRP) besides SRP and refresh', () => {
    const [, client] = ofType(templateWith(branch, 'AWS::Cognito::UserPoolClient'), 'AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
  });

  it('turns self sign-up off with PICKEM_INVITE_ONLY=true', () => {
    const [, pool] = ofType(templateWith(branch, 'AWS::Cognito::UserPool'), 'AWS::Cognito::UserPool')[0];
    expect(pool.Properties.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
  });
});

describe('API', () => {
  it('serves schema.graphql with Cognito user pools as the default mode, and IAM for the backend', () => {
    const data = Template.fromJSON(dataTemplate(branch));
    data.hasResourceProperties('AWS::AppSync::GraphQLSchema', {
      Definition: readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8'),
    });
    const [, api] = ofType(dataTemplate(branch), 'AWS::AppSync::GraphQLApi')[0];
    expect(api.Properties.AuthenticationType).toBe('AMAZON_COGNITO_USER_POOLS');
    expect(api.Properties.UserPoolConfig.DefaultAction).toBe('ALLOW');
    expect(api.Properties.AdditionalAuthenticationProviders).toEqual([
      { AuthenticationType: 'API_KEY' },
      { AuthenticationType: 'AWS_IAM' },
    ]);
  });

  it('has field-level logs at the configured level (PICKEM_API_LOG_LEVEL)', () => {
    const [, api] = ofType(dataTemplate(branch), 'AWS::AppSync::GraphQLApi')[0];
    expect(api.Properties.LogConfig).toMatchObject({ FieldLogLevel: 'INFO', ExcludeVerboseContent: true });
  });

  it('carries the depth, resolver-count and introspection settings of the wiring', () => {
    const [, api] = ofType(dataTemplate(branch), 'AWS::AppSync::GraphQLApi')[0];
    const limits = wiring.limits!;
    expect(api.Properties).toMatchObject({
      QueryDepthLimit: limits.queryDepth,
      ResolverCountLimit: limits.resolverCount,
      IntrospectionConfig: limits.introspection ? 'ENABLED' : 'DISABLED',
    });
  });

  it('sets the AppSync environment variables to the real table names', () => {
    const t = dataTemplate(branch);
    const [, api] = ofType(t, 'AWS::AppSync::GraphQLApi')[0];
    const tableIdOf = dynamoTableIds(t);
    const expected = Object.fromEntries(
      Object.entries(wiring.environment).map(([k, ref]) => [k, { Ref: tableIdOf(ref.tableNameOf) }]),
    );
    // And the share card's address (Prediction.shareUrl): its function URL's.
    const [shareUrlId] = ofType(t, 'AWS::Lambda::Url').find(([, url]) =>
      String(url.Properties.TargetFunctionArn['Fn::GetAtt'][0]).startsWith('sharecard'),
    )!;
    expect(api.Properties.EnvironmentVariables ?? {}).toEqual({
      ...expected,
      SHARE_URL: { 'Fn::GetAtt': [shareUrlId, 'FunctionUrl'] },
    });
  });

  it('has exactly the data sources of the wiring', () => {
    const t = dataTemplate(branch);
    const sources = ofType(t, 'AWS::AppSync::DataSource').map(([, r]) => r.Properties);
    expect(sources.map((s) => s.Name).sort()).toEqual(wiring.dataSources.map((d) => d.name).sort());
    const tableIdOf = dynamoTableIds(t);
    for (const d of wiring.dataSources) {
      const cfn = sources.find((s) => s.Name === d.name);
      if (d.kind === 'DYNAMODB') {
        expect(cfn.Type).toBe('AMAZON_DYNAMODB');
        expect(cfn.DynamoDBConfig.TableName).toEqual({ Ref: tableIdOf(d.name) });
      } else if (d.kind === 'NONE') {
        expect(cfn.Type).toBe('NONE');
      } else {
        expect(cfn.Type).toBe('AWS_LAMBDA');
        const [fnId] = cfn.LambdaConfig.LambdaFunctionArn['Fn::GetAtt'];
        const fn = t.Resources[fnId];
        expect(fn.Type).toBe('AWS::Lambda::Function');
        for (const [key, ref] of Object.entries(d.environment)) {
          expect(fn.Properties.Environment.Variables[key]).toEqual({ Ref: tableIdOf(ref.tableNameOf) });
          const roleId = fn.Properties.Role['Fn::GetAtt'][0];
          const statements = ofType(t, 'AWS::IAM::Policy')
            .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
            .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
          const tableArn = { 'Fn::GetAtt': [tableIdOf(ref.tableNameOf), 'Arn'] };
          const readWrite = statements.find(
            (st) =>
              st.Effect === 'Allow' &&
              ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].every((a) =>
                st.Action.includes(a),
              ) &&
              st.Resource.some((r: unknown) => JSON.stringify(r) === JSON.stringify(tableArn)),
          );
          expect(readWrite, `${d.name} may read and write ${ref.tableNameOf}`).toBeDefined();
        }
      }
    }
  });

  it('has exactly one resolver for every field the local runtime resolves, and no other', () => {
    const cfn = ofType(dataTemplate(branch), 'AWS::AppSync::Resolver').map(
      ([, r]) => `${r.Properties.TypeName}.${r.Properties.FieldName}`,
    );
    expect(cfn.sort()).toEqual(wiring.resolvers.map((r) => `${r.typeName}.${r.fieldName}`).sort());
  });

  it('deploys every resolver as declared, with the bundled code on APPSYNC_JS 1.0.0', () => {
    const t = dataTemplate(branch);
    const resolvers = ofType(t, 'AWS::AppSync::Resolver').map(([, r]) => r.Properties);
    for (const r of wiring.resolvers) {
      const cfn = resolvers.find((c) => c.TypeName === r.typeName && c.FieldName === r.fieldName);
      expect(cfn.Runtime).toEqual({ Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' });
      expect(cfn.Code, `${r.typeName}.${r.fieldName}`).toBe(bundleResolver(r.code));
      expect(cfn.Kind).toBe(r.kind);
      if (r.kind === 'UNIT') {
        expect(cfn.DataSourceName).toBe(r.dataSource);
      } else {
        const names = cfn.PipelineConfig.Functions.map((f: { 'Fn::GetAtt': [string, string] }) =>
          nameOf(t, f['Fn::GetAtt'][0]),
        );
        expect(names).toEqual(r.functions);
      }
    }
  });

  it('deploys every pipeline function as declared, with the bundled code on APPSYNC_JS 1.0.0', () => {
    const functions = ofType(dataTemplate(branch), 'AWS::AppSync::FunctionConfiguration').map(([, f]) => f.Properties);
    expect(functions.map((f) => f.Name).sort()).toEqual(wiring.functions.map((f) => f.name).sort());
    for (const f of wiring.functions) {
      const cfn = functions.find((c) => c.Name === f.name);
      expect(cfn.Runtime).toEqual({ Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' });
      expect(cfn.DataSourceName).toBe(f.dataSource);
      expect(cfn.Code, f.name).toBe(bundleResolver(f.code));
    }
  });
  it('serves the live updates: publishEventUpdate, onEventUpdate and publishLeagueMessage on a NONE data source, the STATE announcement on the scoring function', () => {
    const t = dataTemplate(branch);
    const sources = ofType(t, 'AWS::AppSync::DataSource').map(([, r]) => r.Properties);
    const resolvers = ofType(t, 'AWS::AppSync::Resolver').map(([, r]) => r.Properties);
    for (const [typeName, fieldName] of [
      ['Mutation', 'publishEventUpdate'],
      ['Subscription', 'onEventUpdate'],
      ['Mutation', 'publishLeagueMessage'],
    ]) {
      const cfn = resolvers.find((r) => r.TypeName === typeName && r.FieldName === fieldName);
      expect(cfn, `${typeName}.${fieldName}`).toBeDefined();
      expect(cfn.Kind).toBe('UNIT');
      expect(sources.find((s) => s.Name === cfn.DataSourceName)?.Type).toBe('NONE');
    }
    const announce = ofType(t, 'AWS::AppSync::FunctionConfiguration')
      .map(([, f]) => f.Properties)
      .find((f) => f.Name === 'announceStateChange');
    expect(sources.find((s) => s.Name === announce.DataSourceName)?.Type).toBe('AWS_LAMBDA');
    const schema = t.Resources[ofType(t, 'AWS::AppSync::GraphQLSchema')[0][0]].Properties.Definition as string;
    expect(schema).toMatch(/subscription: Subscription/);
    expect(schema).toMatch(/publishEventUpdate\(input: EventUpdateInput!\): EventUpdate @aws_iam\n/);
    expect(schema).toMatch(/publishLeagueMessage\(input: LeagueMessageInput!\): LeagueMessage @aws_iam\n/);
  });

  it('deploys no code that scans a table (cost: on-demand reads are paid per item read)', () => {
    const t = dataTemplate(branch);
    const code = [...ofType(t, 'AWS::AppSync::Resolver'), ...ofType(t, 'AWS::AppSync::FunctionConfiguration')].map(
      ([, r]) => r.Properties.Code as string,
    );
    expect(code.length).toBeGreaterThan(0);
    for (const c of code) expect(c).not.toMatch(/operation:\s*["'`]Scan["'`]/);
  });
});

describe('amplify_outputs.json', () => {
  it('gives generateClient() the API url, region and auth modes', () => {
    const join = branch.root.Outputs?.customOutputs?.Value?.['Fn::Join'];
    expect(join, 'backend.addOutput was not called').toBeDefined();
    // Tokens (resolved at deploy time) become placeholders naming what they reference.
    const parts: unknown[] = join[1];
    const text = parts.map((p) => (typeof p === 'string' ? p : `<${JSON.stringify(p).replace(/"/g, "'")}>`)).join('');
    const outputs = JSON.parse(text);
    expect(outputs.data).toMatchObject({
      default_authorization_type: 'AMAZON_COGNITO_USER_POOLS',
      authorization_types: ['API_KEY', 'AWS_IAM'],
      aws_region: "<{'Ref':'AWS::Region'}>",
    });
    // The key of the schema's @aws_api_key fields (leaguePreview for signed-out guests), resolved at deploy time.
    expect(outputs.data.api_key).toMatch(/^<.*ApiKey/);
    const url: string = outputs.data.url;
    const outputName = /Outputs\.([A-Za-z0-9]+)'/.exec(url)?.[1];
    expect(outputName).toBeDefined();
    const data = dataTemplate(branch);
    const [apiId] = ofType(data, 'AWS::AppSync::GraphQLApi')[0];
    expect(data.Outputs?.[outputName!]?.Value).toEqual({ 'Fn::GetAtt': [apiId, 'GraphQLUrl'] });
  });
});

/** Logical id of the table behind each DynamoDB data source, read from the synthesized data source. */
function dynamoTableIds(t: CfnTemplate): (dataSource: string) => string {
  const byName = new Map(
    ofType(t, 'AWS::AppSync::DataSource')
      .filter(([, r]) => r.Properties.Type === 'AMAZON_DYNAMODB')
      .map(([, r]) => [r.Properties.Name as string, r.Properties.DynamoDBConfig.TableName.Ref as string]),
  );
  return (name) => {
    const id = byName.get(name);
    if (!id || t.Resources[id]?.Type !== 'AWS::DynamoDB::Table') throw new Error(`no table for data source ${name}`);
    return id;
  };
}
