/**
 * AWS's own rule packs for CDK apps (cdk-nag: AwsSolutions and Serverless) run on every synthesis of
 * the backend. A finding that is neither fixed nor acknowledged next to its construct, with a reason,
 * fails synthesis; `validation-report.json` in the output folder lists every finding, acknowledged or not.
 */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function checkWithRulePacks(scope: IConstruct): void {
  const app = scope.node.root;
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true }),
    new ServerlessChecks(app, { verbose: true }),
  );
}
