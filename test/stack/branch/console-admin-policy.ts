/**
 * Console admins through IAM, in the synthesized backend: the stack's console-admin managed policy
 * grants `appsync:GraphQL` on exactly the fields of the Cognito `admin` group (read from the schema's
 * directives), amplify_outputs.json names it, and the scoring function's role has none of them. A
 * schema with one more admin field gets that field in the policy with no other edit.
 */
import { rmSync, writeFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Definition, GraphqlApi } from 'aws-cdk-lib/aws-appsync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupGrantPolicy } from 'appsync-cloud/cdk';
import { grantedFieldsOf, parseAppSyncSchema } from 'appsync-cloud';
import { consoleAdmin } from '../../../amplify/data/console-admin.ts';
import { schemaFile } from '../../../amplify/data/resource.ts';
import type { CfnTemplate, Synthesized } from '../synthesize.ts';
import { branchSynthesis } from './synthesis.ts';

// The admin mutations of schema.graphql, written out here so that a change to them shows in this test.
const ADMIN_FIELDS = [
  'createEvent',
  'updateEvent',
  'deleteEvent',
  'addMatch',
  'updateMatch',
  'removeMatch',
  'reorderCard',
  'setMatchResult',
  'setTieBreakAnswer',
  'addQuestion',
  'updateQuestion',
  'removeQuestion',
  'setQuestionAnswer',
  'scoreEvent',
  'createSeason',
  'updateSeason',
]
  .map((f) => `Mutation.${f}`)
  .sort();

type Statement = { Action: unknown; Resource: unknown };

/** `Type.field` of each appsync:GraphQL resource of the statements (the tail of each ARN). */
function grantedFields(statements: Statement[]): string[] {
  const resources = statements
    .filter((s) => [s.Action].flat().includes('appsync:GraphQL'))
    .flatMap((s) => [s.Resource].flat());
  return resources
    .map((r) => {
      const text = JSON.stringify(r);
      expect(text).not.toContain('*');
      const m = /\/types\/([A-Za-z_]+)\/fields\/([A-Za-z_]+)"\]\]\}$/.exec(text);
      expect(m, text).not.toBeNull();
      return `${m![1]}.${m![2]}`;
    })
    .sort();
}

const ofType = (t: CfnTemplate, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);

let branch: Synthesized;
beforeAll(async () => {
  branch = await branchSynthesis();
}, 300_000);

describe('the console-admin policy of the deployed backend', () => {
  const templates = () => [branch.root, ...branch.nested];

  it('is one managed policy granting appsync:GraphQL on exactly the admin fields, attached to nobody', () => {
    const policies = templates()
      .flatMap((t) => ofType(t, 'AWS::IAM::ManagedPolicy'))
      .filter(([id]) => id.includes(consoleAdmin.name));
    expect(policies).toHaveLength(1);
    const [, policy] = policies[0];
    expect(grantedFields(policy.Properties.PolicyDocument.Statement)).toEqual(ADMIN_FIELDS);
    expect(policy.Properties.Roles ?? []).toEqual([]);
    expect(policy.Properties.Users ?? []).toEqual([]);
    expect(policy.Properties.Groups ?? []).toEqual([]);
  });

  it('is named in amplify_outputs.json (custom.console_admin_policy_arn)', () => {
    const join = branch.root.Outputs?.customOutputs?.Value?.['Fn::Join'];
    expect(join).toBeDefined();
    expect(JSON.stringify(join)).toContain('"console_admin_policy_arn');
  });

  it("leaves the scoring function's role its own grant alone: publishEventUpdate and publishLeagueMessage, none of the admin fields", () => {
    const roleStatements = templates()
      .flatMap((t) => ofType(t, 'AWS::IAM::Policy'))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
    expect(grantedFields(roleStatements)).toEqual(['Mutation.publishEventUpdate', 'Mutation.publishLeagueMessage']);
  });
});

describe('the grant is derived from the schema', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'console-admin-schema-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('takes the admin fields from the schema directives', () => {
    expect(grantedFieldsOf(parseAppSyncSchema(readFileSync(schemaFile, 'utf8')), consoleAdmin)).toEqual(ADMIN_FIELDS);
  });

  it('covers a new admin mutation with no other edit', () => {
    const sdl = readFileSync(schemaFile, 'utf8').replace(
      /type Mutation \{/,
      'type Mutation {\n  closeSeason(season: Int!): Boolean @aws_cognito_user_pools(cognito_groups: ["admin"]) @aws_iam',
    );
    const file = path.join(outdir, 'schema.graphql');
    writeFileSync(file, sdl);
    const stack = new Stack(new App(), 'Toy');
    const api = new GraphqlApi(stack, 'Api', { name: 'Toy', definition: Definition.fromFile(file) });
    groupGrantPolicy(stack, api, file, consoleAdmin);
    const policies = Object.values(Template.fromStack(stack).findResources('AWS::IAM::ManagedPolicy'));
    expect(policies).toHaveLength(1);
    expect(grantedFields(policies[0].Properties.PolicyDocument.Statement)).toEqual(
      [...ADMIN_FIELDS, 'Mutation.closeSeason'].sort(),
    );
    // A CDK synthesis of its own: well past 30 s when the machine is busy (two CI runs timed out).
  }, 120_000);

  it('refuses an admin field that does not allow @aws_iam, naming it', () => {
    const sdl = readFileSync(schemaFile, 'utf8').replace(
      /(scoreEvent\(eventId: ID!\): ScoringReport! @aws_cognito_user_pools\(cognito_groups: \["admin"\]\)) @aws_iam/,
      '$1',
    );
    expect(() => grantedFieldsOf(parseAppSyncSchema(sdl), consoleAdmin)).toThrow(
      /Mutation\.scoreEvent allows the Cognito group "admin" but not @aws_iam/,
    );
  });
});
