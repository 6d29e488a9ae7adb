import { defineBackend } from '@aws-amplify/backend';
import { applySignInFlows, applySignUpPolicy, auth } from './auth/resource.ts';
import { consoleAdmin } from './data/console-admin.ts';
import { createPickEmApi, schemaFile } from './data/resource.ts';
import { remindersSource, scoringSource } from './data/wiring.ts';
import { adminMfa } from './functions/admin-mfa/resource.ts';
import { scoreEvent } from './functions/score-event/resource.ts';
import { reminders } from './functions/reminders/resource.ts';
import { addReminders, reminderSettings } from './functions/reminders/stack.ts';
import { shareCard } from './functions/share-card/resource.ts';
import { addShareCard } from './functions/share-card/stack.ts';
import { unsubscribe } from './functions/unsubscribe/resource.ts';
import { secureBackend } from './security/posture.ts';
import { groupGrantPolicy } from 'appsync-cloud/cdk';

const backend = defineBackend({ auth, scoreEvent, adminMfa, reminders, unsubscribe, shareCard });

// Invite-only leagues turn self sign-up off (PICKEM_INVITE_ONLY=true).
applySignUpPolicy(backend.auth.resources.cfnResources.cfnUserPool);
// USER_PASSWORD_AUTH besides SRP: one sign-in code path for Cognito and the local user pool.
applySignInFlows(backend.auth.resources.cfnResources.cfnUserPoolClient);

// The table and the AppSync API live in the scoring function's stack, which reads the table.
const api = createPickEmApi(backend.scoreEvent.stack, {
  userPool: backend.auth.resources.userPool,
  lambdas: { [scoringSource.handler]: backend.scoreEvent, [remindersSource.handler]: backend.reminders },
});

// Reminder emails: schedules, the sender's SES rights, one-click unsubscribe (docs/deploy.md, Reminders).
addReminders({ reminders: backend.reminders, unsubscribe: backend.unsubscribe, table: api.tables.get('PickEmTable')! });

// Share cards: a scored prediction's page and PNG behind a function URL (Prediction.shareUrl; docs/deploy.md).
addShareCard({
  shareCard: backend.shareCard,
  table: api.tables.get('PickEmTable')!,
  api: api.api,
  appUrl: reminderSettings().appUrl,
});

// Console admins: an account admin attaches this policy to the people or roles who run shows (docs/deploy.md).
const consoleAdminPolicy = groupGrantPolicy(api, api.api, schemaFile, consoleAdmin);

// amplify_outputs.json: lets generateClient() from aws-amplify reach the API; names the console-admin policy.
backend.addOutput({
  data: api.clientConfig,
  custom: { console_admin_policy_arn: consoleAdminPolicy.managedPolicyArn },
});

// Security posture (amplify/security/posture.ts); AWS's rule packs then check the whole backend at synthesis.
secureBackend({
  mainStack: backend.stack,
  auth: backend.auth.resources,
  adminMfa: backend.adminMfa.resources.lambda,
  scoreEvent: backend.scoreEvent.resources.lambda,
  reminders: backend.reminders.resources.lambda,
  unsubscribe: backend.unsubscribe.resources.lambda,
  shareCard: backend.shareCard.resources.lambda,
  api,
});
