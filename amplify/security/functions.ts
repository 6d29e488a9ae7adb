/**
 * Lambda functions of the backend: X-Ray tracing everywhere, and the rule findings their design
 * accepts. (`defineFunction` has no tracing option, so it is set on the synthesized function.)
 */
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { acknowledge } from './acknowledge.ts';

/** `withoutDeadLetterQueue`: why a failed invocation needs no dead-letter queue. */
export function traceAndCheckFunction(fn: IFunction, withoutDeadLetterQueue: string): void {
  (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
  // A policy of its own, so that the "*" acknowledged below covers X-Ray and nothing else.
  const xray = new Policy(fn, 'XRayTracing', {
    statements: [
      new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    ],
  });
  if (!fn.role) throw new Error(`${fn.node.path} has no role`);
  xray.attachToRole(fn.role);
  acknowledge(
    xray,
    'X-Ray accepts trace segments and telemetry only on resource "*" (it has no resource-level permissions).',
    'AwsSolutions-IAM5[Resource::*]',
  );

  acknowledge(fn, withoutDeadLetterQueue, 'Serverless-LambdaDLQ');
  acknowledge(
    fn,
    "AWSLambdaBasicExecutionRole (attached by defineFunction) allows only writing the function's own CloudWatch logs.",
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  );
}
