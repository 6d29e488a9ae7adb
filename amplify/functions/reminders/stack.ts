/**
 * The reminders in the cloud: the schedule group the reminder function's one-time schedules live in,
 * the role those schedules invoke the function with, the function's rights (its schedules only, SES
 * only as the sender identity, passing that one role only to Scheduler), the unsubscribe key (a
 * Secrets Manager secret both functions read), and the unsubscribe function behind a function URL
 * without sign-in. Settings (docs/deploy.md): PICKEM_REMINDER_SENDER (the From address),
 * PICKEM_SES_IDENTITY (the verified SES identity it sends as: its domain by default), PICKEM_APP_URL
 * (the web app, for the links). No Pinpoint: email goes through SES.
 */
import { Aws, CfnElement, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { LambdaTarget } from 'appsync-cloud/cdk';
import { acknowledge } from '../../security/acknowledge.ts';

export const DEFAULT_SENDER = "Pick'Em <reminders@example.com>";
/** The SES sending rate assumed when PICKEM_SES_SEND_RATE is not set *(guess: SES sets a production account's rate per use case)*. */
export const DEFAULT_SEND_RATE = 50;

export interface ReminderSettingsInput {
  sender: string;
  identity: string;
  appUrl: string;
  /** The account's SES sending rate, emails a second: the function paces itself to it. */
  sendRate: number;
}

/** The settings from the environment of the deployment (docs/deploy.md). */
export function reminderSettings(env: NodeJS.ProcessEnv = process.env): ReminderSettingsInput {
  const sender = env.PICKEM_REMINDER_SENDER || DEFAULT_SENDER;
  const address = /<([^>]+)>\s*$/.exec(sender)?.[1] ?? sender;
  const identity = env.PICKEM_SES_IDENTITY || address.slice(address.indexOf('@') + 1);
  if (!address.includes('@') || identity === '')
    throw new Error(`PICKEM_REMINDER_SENDER=${sender}: not an email address`);
  const sendRate = Number(env.PICKEM_SES_SEND_RATE || DEFAULT_SEND_RATE);
  if (!(sendRate > 0)) throw new Error(`PICKEM_SES_SEND_RATE=${env.PICKEM_SES_SEND_RATE}: emails a second, above 0`);
  return { sender, identity, appUrl: env.PICKEM_APP_URL || 'http://localhost:5173', sendRate };
}

/** How cdk-nag writes the group's name in a finding: CDK generates it at synthesis (a plain string), else a reference. */
function groupInFinding(stack: Stack, group: ScheduleGroup): string {
  const name: unknown = stack.resolve(group.scheduleGroupName);
  return typeof name === 'string' ? name : `<${stack.getLogicalId(group.node.defaultChild as CfnElement)}>`;
}

export interface ReminderResources {
  scheduleGroup: ScheduleGroup;
  schedulerRole: Role;
  unsubscribeKey: Secret;
  unsubscribeUrl: string;
}

export function addReminders(
  deps: { reminders: LambdaTarget; unsubscribe: LambdaTarget; table: ITable },
  settings: ReminderSettingsInput = reminderSettings(),
): ReminderResources {
  const fn: IFunction = deps.reminders.resources.lambda;
  const unsubscribeFn: IFunction = deps.unsubscribe.resources.lambda;
  const stack = Stack.of(fn);

  const scheduleGroup = new ScheduleGroup(stack, 'ReminderSchedules');
  const schedulerRole = new Role(stack, 'ReminderSchedulerRole', {
    description: 'Assumed by the reminder schedules (EventBridge Scheduler) to invoke the reminder function.',
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
    }),
  });
  schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));

  const schedules = stack.formatArn({
    service: 'scheduler',
    resource: 'schedule',
    resourceName: `${scheduleGroup.scheduleGroupName}/*`,
  });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
      resources: [schedules],
    }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: settings.identity })],
    }),
  );

  const unsubscribeKey = new Secret(stack, 'UnsubscribeKey', {
    description: "Signs the reminder emails' one-click unsubscribe tokens.",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
  unsubscribeKey.grantRead(fn);
  unsubscribeKey.grantRead(unsubscribeFn);
  const url = unsubscribeFn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
  // The unsubscribe function writes one attribute set of one item: UpdateItem on the table, nothing else.
  unsubscribeFn.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [deps.table.tableArn] }),
  );
  deps.unsubscribe.addEnvironment('TABLE_NAME', deps.table.tableName);
  deps.unsubscribe.addEnvironment('UNSUBSCRIBE_KEY_SECRET_ARN', unsubscribeKey.secretArn);

  deps.reminders.addEnvironment('APP_URL', settings.appUrl);
  deps.reminders.addEnvironment('REMINDER_SENDER', settings.sender);
  deps.reminders.addEnvironment('SES_SEND_RATE', String(settings.sendRate));
  deps.reminders.addEnvironment('UNSUBSCRIBE_URL', url.url);
  deps.reminders.addEnvironment('UNSUBSCRIBE_KEY_SECRET_ARN', unsubscribeKey.secretArn);
  deps.reminders.addEnvironment('SCHEDULE_GROUP', scheduleGroup.scheduleGroupName);
  deps.reminders.addEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);

  acknowledge(
    fn,
    "Schedule names are made per event and lead at run time (reminders/schedules.ts); the wildcard stays inside this stack's own schedule group.",
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${groupInFinding(stack, scheduleGroup)}/*]`,
  );
  acknowledge(
    unsubscribeKey,
    'Rotating the key would void the unsubscribe link of every email already sent, which RFC 8058 links must not do; the key can do nothing but turn reminders off.',
    'AwsSolutions-SMG4',
  );
  return { scheduleGroup, schedulerRole, unsubscribeKey, unsubscribeUrl: url.url };
}
