import { defineBackend } from '@aws-amplify/backend';
import { applySignUpPolicy, auth } from './auth/resource.ts';
import { createPickEmApi } from './data/resource.ts';
import { scoringSource } from './data/wiring.ts';
import { scoreEvent } from './functions/score-event/resource.ts';

const backend = defineBackend({ auth, scoreEvent });

// Invite-only leagues turn self sign-up off (PICKEM_INVITE_ONLY=true).
applySignUpPolicy(backend.auth.resources.cfnResources.cfnUserPool);

// The table and the AppSync API live in the scoring function's stack, which reads the table.
const api = createPickEmApi(backend.scoreEvent.stack, {
  userPool: backend.auth.resources.userPool,
  lambdas: { [scoringSource.handler]: backend.scoreEvent },
});

// amplify_outputs.json: lets generateClient() from aws-amplify reach the API.
backend.addOutput({ data: api.clientConfig });
