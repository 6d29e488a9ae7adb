/**
 * Security posture of the synthesized backend. AWS's rule packs for CDK apps (cdk-nag: AwsSolutions and
 * Serverless) run inside every synthesis (amplify/security/rule-packs.ts), so one synthesis per backend
 * type checks both packs: a finding that is neither fixed nor acknowledged fails it. This file also
 * asserts what the packs do not check, and that acknowledgements name a construct and give a reason.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threatProtection } from '../../amplify/auth/posture.ts';
import { checkWithRulePacks } from '../../amplify/security/rule-packs.ts';
import {
  readValidationReport,
  ruleFindings,
  synthesize,
  type CfnTemplate,
  type DeploymentType,
  type Synthesized,
} from './synthesize.ts';

const types: DeploymentType[] = ['sandbox', 'branch'];
const synths = {} as Record<DeploymentType, Synthesized>;

beforeAll(async () => {
  const done = await Promise.all(types.map((type) => synthesize(type)));
  types.forEach((type, i) => (synths[type] = done[i]));
}, 300_000);

afterAll(() => {
  for (const s of Object.values(synths)) rmSync(s.outdir, { recursive: true, force: true });
});

interface Acknowledgement {
  path: string;
  rule: string;
  reason: string;
}

/** Every `Validations.of(construct).acknowledge()` of the app, from the assembly's construct metadata. */
function acknowledgements(outdir: string): Acknowledgement[] {
  return readdirSync(outdir)
    .filter((f) => f.endsWith('.metadata.json'))
    .flatMap((f) =>
      Object.entries(
        JSON.parse(readFileSync(path.join(outdir, f), 'utf8')) as Record<
          string,
          { type: string; data: Record<string, string> }[]
        >,
      ),
    )
    .flatMap(([constructPath, entries]) =>
      entries
        .filter((e) => e.type === 'aws:cdk:acknowledged-rules')
        .flatMap((e) =>
          Object.entries(e.data).map(([id, reason]) => ({
            path: constructPath,
            rule: id.replace(/^annotation::/i, ''),
            reason,
          })),
        ),
    );
}

/** Paths of the app and its stacks (tree.json): an acknowledgement there would cover a whole stack. */
function stackPaths(outdir: string): string[] {
  type Node = { path: string; children?: Record<string, Node>; constructInfo?: { fqn: string } };
  const wide = new Set(['aws-cdk-lib.App', 'aws-cdk-lib.Stack', 'aws-cdk-lib.NestedStack']);
  const found: string[] = [];
  const walk = (n: Node) => {
    if (wide.has(n.constructInfo?.fqn ?? '')) found.push(`/${n.path}`.replace(/^\/\/?/, '/'));
    Object.values(n.children ?? {}).forEach(walk);
  };
  walk((JSON.parse(readFileSync(path.join(outdir, 'tree.json'), 'utf8')) as { tree: Node }).tree);
  return found;
}

const resources = (s: Synthesized, type: string) =>
  [s.root, ...s.nested].flatMap((t) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ id, r, t })),
  );
const one = (s: Synthesized, type: string) => {
  const found = resources(s, type);
  expect(found, type).toHaveLength(1);
  return found[0];
};
/** The functions this backend defines (Amplify's friendly-name tag), not CDK's or Amplify's helpers. */
const ourFunctions = (s: Synthesized) =>
  resources(s, 'AWS::Lambda::Function').filter(({ r }) =>
    r.Properties.Tags?.some((t: { Key: string }) => t.Key === 'amplify:friendly-name'),
  );
const newestNodeRuntime = Runtime.ALL.map((r) => r.name)
  .filter((n) => /^nodejs\d+\.x$/.test(n))
  .sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)))
  .at(-1);

describe.each(types)('%s backend', (type) => {
  it('passes the AwsSolutions and Serverless rule packs', () => {
    expect(readValidationReport(synths[type].outdir), 'no rule pack ran during synthesis').toBeDefined();
    expect(ruleFindings(synths[type].outdir)).toEqual([]);
  });

  it('acknowledges findings only on constructs below a stack, each with its reason', () => {
    const acks = acknowledgements(synths[type].outdir);
    expect(acks.length).toBeGreaterThan(0);
    const stacks = stackPaths(synths[type].outdir);
    expect(stacks.length).toBeGreaterThanOrEqual(3);
    for (const a of acks) {
      expect(a.rule).toMatch(/^(AwsSolutions|Serverless)-[A-Za-z0-9]+(\[.+\])?$/);
      expect(stacks, `${a.rule} acknowledged for all of ${a.path}`).not.toContain(a.path);
      expect(a.reason.length, `${a.rule} at ${a.path} needs a reason`).toBeGreaterThan(40);
    }
  });

  it('offers TOTP MFA and runs the admin-MFA trigger on every token (event version 2)', () => {
    const { r: pool, t } = one(synths[type], 'AWS::Cognito::UserPool');
    expect(pool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    const trigger = pool.Properties.LambdaConfig.PreTokenGenerationConfig;
    expect(trigger.LambdaVersion).toBe('V2_0');
    const fnId = trigger.LambdaArn['Fn::GetAtt'][0];
    const fn = t.Resources[fnId];
    expect(fn.Properties.Tags).toContainEqual({ Key: 'amplify:friendly-name', Value: 'admin-mfa' });
    // The trigger may read the user's MFA settings in this pool and nowhere else.
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const [poolId] = Object.entries(t.Resources).find(([, r]) => r === pool)!;
    const statements = policyStatementsOf(t, roleId);
    expect(statements).toContainEqual({
      Action: 'cognito-idp:AdminGetUser',
      Effect: 'Allow',
      Resource: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
    expect(statements.filter((s) => JSON.stringify(s).includes('cognito-idp'))).toHaveLength(1);
  });

  it("bundles a trigger that loads and lets a player's groups through untouched", async () => {
    const { r: pool, t } = one(synths[type], 'AWS::Cognito::UserPool');
    const fn = t.Resources[pool.Properties.LambdaConfig.PreTokenGenerationConfig.LambdaArn['Fn::GetAtt'][0]];
    const bundle = path.join(
      synths[type].outdir,
      `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`,
      'index.mjs',
    );
    const { handler } = (await import(bundle)) as { handler: (e: unknown) => Promise<unknown> };
    const event = {
      version: '2',
      userPoolId: 'pool',
      userName: 'sub',
      request: { groupConfiguration: { groupsToOverride: ['league'] } },
      response: {},
    };
    expect(await handler(structuredClone(event))).toEqual(event);
  });

  it('ships the share card with its renderer and fonts, behind a function URL, reading the table only', async () => {
    const fn = ourFunctions(synths[type]).find(({ r }) =>
      r.Properties.Tags.some((t: { Value: string }) => t.Value === 'share-card'),
    )!;
    const asset = path.join(synths[type].outdir, `asset.${fn.r.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    for (const file of ['fonts/DejaVuSans.ttf', 'fonts/DejaVuSans-Bold.ttf', 'node_modules/@resvg/resvg-js/index.js'])
      expect(existsSync(path.join(asset, file)), file).toBe(true);
    // The bundle loads (its native renderer found beside it) and answers a bad address without reading.
    const { handler } = (await import(path.join(asset, 'index.mjs'))) as {
      handler: (e: unknown) => Promise<{ statusCode: number }>;
    };
    expect((await handler({ rawPath: '/nothing', requestContext: { http: { method: 'GET' } } })).statusCode).toBe(404);
    const url = resources(synths[type], 'AWS::Lambda::Url').find(
      ({ r }) => r.Properties.TargetFunctionArn['Fn::GetAtt'][0] === fn.id,
    )!;
    expect(url.r.Properties.AuthType).toBe('NONE');
    const table = policyStatementsOf(fn.t, fn.r.Properties.Role['Fn::GetAtt'][0]).filter((s) =>
      JSON.stringify(s.Action).includes('dynamodb'),
    );
    expect(table.map((s) => s.Action)).toEqual([['dynamodb:GetItem', 'dynamodb:Query']]);
    const { r: graphqlApi } = one(synths[type], 'AWS::AppSync::GraphQLApi');
    expect(Object.keys(graphqlApi.Properties.EnvironmentVariables)).toContain('SHARE_URL');
  });

  it('allows no guest identities', () => {
    expect(one(synths[type], 'AWS::Cognito::IdentityPool').r.Properties.AllowUnauthenticatedIdentities).toBe(false);
  });

  it(`runs its functions on the newest Node.js runtime (${newestNodeRuntime}), traced, with logs kept 30 days`, () => {
    const fns = ourFunctions(synths[type]);
    expect(
      fns
        .map(({ r }) => r.Properties.Tags.find((t: { Key: string }) => t.Key === 'amplify:friendly-name').Value)
        .sort(),
    ).toEqual(['admin-mfa', 'reminders', 'score-event', 'share-card', 'unsubscribe']);
    for (const { r, t } of fns) {
      expect(r.Properties.Runtime).toBe(newestNodeRuntime);
      expect(r.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      const logGroup = t.Resources[r.Properties.LoggingConfig.LogGroup.Ref];
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    }
  });

  it('traces the API', () => {
    expect(one(synths[type], 'AWS::AppSync::GraphQLApi').r.Properties.XrayEnabled).toBe(true);
  });
});

describe('a deployed branch', () => {
  it('protects the user pool from deletion and keeps it when the stack is deleted, as the table', () => {
    const { r: pool } = one(synths.branch, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.UpdateReplacePolicy).toBe('Retain');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
  });

  it('has threat protection enforced (Plus plan)', () => {
    const { r: pool } = one(synths.branch, 'AWS::Cognito::UserPool');
    expect(pool.Properties.UserPoolTier).toBe('PLUS');
    expect(pool.Properties.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
  });

  it('logs API errors without request content', () => {
    const { r: api } = one(synths.branch, 'AWS::AppSync::GraphQLApi');
    expect(api.Properties.LogConfig).toMatchObject({ FieldLogLevel: 'ERROR', ExcludeVerboseContent: true });
  });
});

describe('a sandbox', () => {
  it('deletes its user pool with the sandbox, on the Essentials plan without threat protection', () => {
    const { r: pool } = one(synths.sandbox, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Delete');
    expect(pool.Properties.DeletionProtection ?? 'INACTIVE').toBe('INACTIVE');
    expect(pool.Properties.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.Properties.UserPoolAddOns).toBeUndefined();
  });
});

describe('threat protection setting', () => {
  it('defaults to ENFORCED on branches and OFF in sandboxes; PICKEM_THREAT_PROTECTION overrides', () => {
    expect(threatProtection(false, {})).toBe('ENFORCED');
    expect(threatProtection(true, {})).toBe('OFF');
    expect(threatProtection(false, { PICKEM_THREAT_PROTECTION: 'AUDIT' })).toBe('AUDIT');
    expect(threatProtection(false, { PICKEM_THREAT_PROTECTION: 'OFF' })).toBe('OFF');
    expect(() => threatProtection(false, { PICKEM_THREAT_PROTECTION: 'on' })).toThrow(
      /expected ENFORCED, AUDIT or OFF/,
    );
  });
});

describe('the rule packs', () => {
  it('fail synthesis on a finding of either pack', () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'pickem-nag-'));
    try {
      const app = new App({ outdir });
      const stack = new Stack(app, 'Outdated');
      new LambdaFunction(stack, 'Fn', {
        runtime: Runtime.NODEJS_20_X,
        handler: 'index.handler',
        code: Code.fromInline('exports.handler = async () => null;'),
      });
      checkWithRulePacks(stack);
      expect(() => app.synth()).toThrow(/AwsSolutions-L1/);
      const findings = ruleFindings(outdir).join('\n');
      expect(findings).toMatch(/^AwsSolutions-L1 at Outdated\/Fn\/Resource/m);
      expect(findings).toMatch(/^Serverless-LambdaLatestVersion at Outdated\/Fn\/Resource/m);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);
});

function policyStatementsOf(t: CfnTemplate, roleId: string): Record<string, unknown>[] {
  return Object.values(t.Resources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === roleId),
    )
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
