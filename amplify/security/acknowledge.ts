/** Acknowledging a rule-pack finding on one construct (and what is under it), with the reason. */
import { CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, reason: string, ...findings: string[]): void {
  for (const id of findings) Validations.of(scope).acknowledge({ id, reason });
}

/** How cdk-nag writes a resource's ARN in a finding: `<LogicalId.Arn>`. */
export function arnInFinding(resource: IConstruct): string {
  const cfn = CfnElement.isCfnElement(resource) ? resource : resource.node.defaultChild;
  if (!cfn || !CfnElement.isCfnElement(cfn)) throw new Error(`${resource.node.path} has no CloudFormation resource`);
  return `<${Stack.of(cfn).getLogicalId(cfn)}.Arn>`;
}
