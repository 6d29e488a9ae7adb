/**
 * The cloud side of a Lambda data source's `callsApi`, on a toy API (packages/appsync-local/testing/iam-api): the
 * function gets the API's URL and `appsync:GraphQL` on exactly its fields, the API accepts AWS_IAM,
 * the stack has no dependency cycle, and AWS's rule packs find nothing to say about the grant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { FieldLogLevel, RetentionDays, WiredGraphqlApi } from 'appsync-cloud/cdk';
import { iamSchemaFile, iamWiring, relaySource } from 'appsync-local/testing';
import { checkWithRulePacks } from '../../amplify/security/rule-packs.ts';
import { readValidationReport } from './synthesize.ts';

const outdir = mkdtempSync(path.join(tmpdir(), 'calls-api-synth-'));
let template: Template;
let functionPolicyPath: string;
let findings: { ruleName: string; paths: string[] }[];

function toyStack(app: App): { stack: Stack; fn: LambdaFunction } {
  const stack = new Stack(app, 'Toy');
  const fn = new LambdaFunction(stack, 'Relay', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('export const handler = () => null;'),
  });
  new WiredGraphqlApi(stack, 'Api', {
    name: 'Toy',
    root: repoRoot,
    schemaFile: iamSchemaFile,
    wiring: iamWiring,
    userPool: new UserPool(stack, 'Pool'),
    lambdas: {
      [relaySource.handler]: { resources: { lambda: fn }, addEnvironment: (k, v) => fn.addEnvironment(k, v) },
    },
    sandbox: true,
    logging: { fieldLogLevel: FieldLogLevel.ALL, excludeVerboseContent: true, retention: RetentionDays.ONE_WEEK },
  });
  return { stack, fn };
}

beforeAll(() => {
  template = Template.fromStack(toyStack(new App()).stack);

  const checked = new App({ outdir });
  const { stack, fn } = toyStack(checked);
  functionPolicyPath = fn.role!.node.findChild('DefaultPolicy').node.path;
  checkWithRulePacks(stack);
  // The toy stack breaks rules that the real backend's posture settles: synthesis fails, and the report stays.
  expect(() => checked.synth()).toThrow();
  findings = (readValidationReport(outdir)?.pluginReports ?? []).flatMap((p) =>
    p.violations.map((v) => ({ ruleName: v.ruleName, paths: v.violatingConstructs.map((c) => c.constructPath) })),
  );
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const resources = (type: string) => Object.entries(template.findResources(type));

describe('a Lambda data source that calls the API', () => {
  it('gets the API GraphQL URL under its urlVariable', () => {
    const [[, fn]] = resources('AWS::Lambda::Function');
    const [[apiId]] = resources('AWS::AppSync::GraphQLApi');
    expect(fn.Properties.Environment.Variables.API_URL).toEqual({ 'Fn::GetAtt': [apiId, 'GraphQLUrl'] });
  });

  it('may call exactly its fields: appsync:GraphQL on types/Mutation/fields/addNote, no wildcard', () => {
    const statements = resources('AWS::IAM::Policy').flatMap(
      ([, p]) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[],
    );
    const appsync = statements.filter((s) => JSON.stringify(s.Action).includes('appsync:'));
    expect(appsync).toHaveLength(1);
    expect(appsync[0].Action).toBe('appsync:GraphQL');
    const resource = appsync[0].Resource as { 'Fn::Join': [string, unknown[]] };
    const parts = resource['Fn::Join'][1];
    expect(parts.at(-1)).toMatch(/\/types\/Mutation\/fields\/addNote$/);
    expect(JSON.stringify(resource)).not.toContain('*');
  });

  it('makes the API accept AWS_IAM besides Cognito, because the schema names @aws_iam', () => {
    const [[, api]] = resources('AWS::AppSync::GraphQLApi');
    expect(api.Properties.AuthenticationType).toBe('AMAZON_COGNITO_USER_POOLS');
    expect(api.Properties.AdditionalAuthenticationProviders).toEqual([{ AuthenticationType: 'AWS_IAM' }]);
  });

  it('leaves the stack without a dependency cycle', () => {
    const all = template.toJSON().Resources as Record<string, { DependsOn?: string | string[] }>;
    const refs = (value: unknown): string[] => {
      if (Array.isArray(value)) return value.flatMap(refs);
      if (value === null || typeof value !== 'object') return [];
      const o = value as Record<string, unknown>;
      if (typeof o.Ref === 'string') return [o.Ref];
      if (Array.isArray(o['Fn::GetAtt'])) return [o['Fn::GetAtt'][0] as string];
      return Object.values(o).flatMap(refs);
    };
    const edges = new Map(
      Object.entries(all).map(([id, r]) => [id, [...refs(r), ...[r.DependsOn ?? []].flat()].filter((d) => d in all)]),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const cycleFrom = (id: string, trail: string[]): string[] | null => {
      if (state.get(id) === 'done') return null;
      if (state.get(id) === 'visiting') return [...trail, id];
      state.set(id, 'visiting');
      for (const next of edges.get(id) ?? []) {
        const cycle = cycleFrom(next, [...trail, id]);
        if (cycle) return cycle;
      }
      state.set(id, 'done');
      return null;
    };
    for (const id of edges.keys()) expect(cycleFrom(id, [])).toBeNull();
  });

  it('gives AWS rule packs nothing to report on the function policy that holds the grant', () => {
    expect(findings.length).toBeGreaterThan(0); // the packs did run on the toy stack
    expect(findings.filter((f) => f.paths.some((p) => p.startsWith(functionPolicyPath)))).toEqual([]);
  });
});
