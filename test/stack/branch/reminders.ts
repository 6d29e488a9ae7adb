/**
 * The reminders in the synthesized backend: the schedules' role (assumed by Scheduler, allowed to invoke
 * the reminder function alone), the function's SES right limited to the sender identity, its schedule
 * rights limited to its schedule group, the unsubscribe function URL without sign-in, and no Pinpoint.
 * The rule packs run inside the synthesis (test/stack/nag.test.ts checks the acknowledgements).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CfnTemplate, Synthesized } from '../synthesize.ts';
import { branchSynthesis, SENDER_IDENTITY as IDENTITY } from './synthesis.ts';

let synth: Synthesized;
let all: [string, any][];

beforeAll(async () => {
  synth = await branchSynthesis();
  all = [synth.root, ...synth.nested].flatMap((t: CfnTemplate) => Object.entries(t.Resources));
}, 300_000);

const ofType = (type: string) => all.filter(([, r]) => r.Type === type);
const statementsOf = (policy: any): any[] => policy.Properties.PolicyDocument.Statement;
const asList = (x: unknown) => (Array.isArray(x) ? x : [x]);
/** The logical id of our function with this Amplify friendly name. */
function functionId(name: string): string {
  const found = ofType('AWS::Lambda::Function').filter(([, r]) =>
    (r.Properties.Tags ?? []).some(
      (t: { Key: string; Value: string }) => t.Key === 'amplify:friendly-name' && t.Value === name,
    ),
  );
  expect(found).toHaveLength(1);
  return found[0][0];
}
/** The policies attached to the role of a function. */
function policiesOfFunction(id: string): any[] {
  const role = all.find(([rid]) => rid === id)![1].Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => asList(p.Properties.Roles).some((r: any) => r.Ref === role))
    .map(([, p]) => p);
}

describe('reminders in the cloud stack', () => {
  it('has a role for the schedules that Scheduler assumes and that may invoke the reminder function only', () => {
    const reminders = functionId('reminders');
    const roles = ofType('AWS::IAM::Role').filter(([, r]) =>
      statementsOf({ Properties: { PolicyDocument: r.Properties.AssumeRolePolicyDocument } }).some(
        (s) => s.Principal?.Service === 'scheduler.amazonaws.com',
      ),
    );
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0];
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
    });
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) =>
      asList(p.Properties.Roles).some((r: any) => r.Ref === roleId),
    );
    expect(policies.flatMap(([, p]) => statementsOf(p))).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [reminders, 'Arn'] } },
    ]);
  });

  it("limits the reminder function's SES rights to sending as the sender identity, and passing the role to Scheduler", () => {
    const statements = policiesOfFunction(functionId('reminders')).flatMap(statementsOf);
    const ses = statements.filter((s) => asList(s.Action).some((a: string) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0].Action).toBe('ses:SendEmail');
    expect(JSON.stringify(ses[0].Resource)).toContain(`:identity/${IDENTITY}`);
    expect(JSON.stringify(ses[0].Resource)).not.toContain('*');
    const scheduler = statements.filter((s) => asList(s.Action).some((a: string) => a.startsWith('scheduler:')));
    expect(scheduler).toHaveLength(1);
    expect(JSON.stringify(scheduler[0].Resource)).toMatch(/:schedule\/.+\/\*/);
    const pass = statements.find((s) => s.Action === 'iam:PassRole');
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('serves the unsubscribe function at a URL without sign-in, and lets it update the table only', () => {
    const unsubscribe = functionId('unsubscribe');
    // Its own URL (the share card has the other).
    const urls = ofType('AWS::Lambda::Url').filter(
      ([, url]) => url.Properties.TargetFunctionArn['Fn::GetAtt'][0] === unsubscribe,
    );
    expect(urls).toHaveLength(1);
    expect(urls[0][1].Properties).toMatchObject({
      AuthType: 'NONE',
      TargetFunctionArn: { 'Fn::GetAtt': [unsubscribe, 'Arn'] },
    });
    const dynamo = policiesOfFunction(unsubscribe)
      .flatMap(statementsOf)
      .filter((s) => asList(s.Action).some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.map((s) => s.Action)).toEqual(['dynamodb:UpdateItem']);
  });

  it('has a schedule group and no Pinpoint resource', () => {
    expect(ofType('AWS::Scheduler::ScheduleGroup')).toHaveLength(1);
    expect(all.filter(([, r]) => String(r.Type).startsWith('AWS::Pinpoint::'))).toEqual([]);
  });
});
