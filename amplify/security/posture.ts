/** The backend's security settings in one call from backend.ts, then AWS's rule packs over all of it. */
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { secureAuth, type AuthPostureDeps } from '../auth/posture.ts';
import { isSandbox } from '../data/resource.ts';
import { checkAmplifyInternals } from './amplify-internals.ts';
import { traceAndCheckApi } from './api.ts';
import { traceAndCheckFunction } from './functions.ts';
import { checkWithRulePacks } from './rule-packs.ts';

export interface BackendParts {
  /** `backend.stack`: Amplify's main stack. */
  mainStack: IConstruct;
  auth: AuthPostureDeps['auth'];
  adminMfa: IFunction;
  scoreEvent: IFunction;
  reminders: IFunction;
  unsubscribe: IFunction;
  shareCard: IFunction;
  api: IConstruct;
}

export function secureBackend({
  mainStack,
  auth,
  adminMfa,
  scoreEvent,
  reminders,
  unsubscribe,
  shareCard,
  api,
}: BackendParts): void {
  secureAuth({ auth, adminMfa, sandbox: isSandbox(mainStack) });
  traceAndCheckFunction(
    adminMfa,
    'Cognito invokes the function synchronously and gets its errors back; a dead-letter queue only receives failed asynchronous invocations.',
  );
  traceAndCheckFunction(
    scoreEvent,
    "scoreEvent invokes it synchronously and gets its errors back; the live passes are asynchronous, and one dropped after Lambda's retries is made good by the next pass or by scoreEvent (a pass is safe to repeat).",
  );
  traceAndCheckFunction(
    reminders,
    "A failed send run is retried twice by Lambda and sends only what it has not sent; a run still failing is logged, and the players it missed get the event's next lead's reminder.",
  );
  traceAndCheckFunction(
    unsubscribe,
    'Its function URL invokes it synchronously and returns its errors to the caller, who can POST again.',
  );
  traceAndCheckFunction(
    shareCard,
    'Its function URL invokes it synchronously and returns its errors to the caller (a link preview retries).',
  );
  traceAndCheckApi(api, [scoreEvent, reminders]);
  checkAmplifyInternals(mainStack);
  checkWithRulePacks(mainStack);
}
