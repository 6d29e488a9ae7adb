/**
 * What Amplify's deployment engine adds to a branch stack: the branch linker, a custom resource that
 * tells the Amplify console about the deployment. Its code and settings are @aws-amplify/backend's;
 * it runs only when CloudFormation deploys or deletes the stack.
 */
import type { IConstruct } from 'constructs';
import { acknowledge, arnInFinding } from './acknowledge.ts';

export function checkAmplifyInternals(mainStack: IConstruct): void {
  const linker = mainStack.node.tryFindChild('AmplifyBranchLinker');
  if (!linker) return; // sandboxes have none
  const fn = linker.node.findChild('CustomResourceLambda');
  const namespace = mainStack.node.getContext('amplify-backend-namespace');
  const name = mainStack.node.getContext('amplify-backend-name');
  acknowledge(
    linker,
    "Amplify's branch linker (deploy-time custom resource of @aws-amplify/backend; its runtime, memory and permissions are not ours to set): " +
      "CloudFormation invokes it synchronously, it may read and update only this app's branch, and its provider may invoke only it.",
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `AwsSolutions-IAM5[Resource::arn:aws:amplify:*:*:apps/${namespace}/branches/${name}]`,
    `AwsSolutions-IAM5[Resource::${arnInFinding(fn)}:*]`,
    'AwsSolutions-L1',
    'Serverless-LambdaLatestVersion',
    'Serverless-LambdaDefaultMemorySize',
    'Serverless-LambdaDLQ',
    'Serverless-LambdaTracing',
  );
}
