/**
 * The AppSync API and what CDK builds around it: X-Ray tracing, and the rule findings its design
 * accepts. Logs are set in amplify/data/resource.ts (apiLogging).
 */
import { Stack } from 'aws-cdk-lib';
import { CfnGraphQLApi, GraphqlApi } from 'aws-cdk-lib/aws-appsync';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { acknowledge, arnInFinding } from './acknowledge.ts';

/** The id CDK gives the one log-retention function of a stack (aws-logs LogRetention). */
const LOG_RETENTION_FUNCTION_ID = 'LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a';

function only<T>(scope: IConstruct, type: abstract new (...args: any[]) => T): T {
  const found = scope.node.findAll().filter((c): c is IConstruct & T => c instanceof type);
  if (found.length !== 1) throw new Error(`expected one ${type.name} under ${scope.node.path}, found ${found.length}`);
  return found[0];
}

export function traceAndCheckApi(api: IConstruct, lambdas: IFunction[]): void {
  const graphqlApi = only(api, GraphqlApi);
  const cfnApi = only(api, CfnGraphQLApi);
  cfnApi.xrayEnabled = true;

  const logConfig = Stack.of(cfnApi).resolve(cfnApi.logConfig);
  if (logConfig?.excludeVerboseContent === true) {
    acknowledge(
      cfnApi,
      'Request and response content (arguments, display names, picks, token claims) is personal data and stays out of the logs; ' +
        'errors, and with PICKEM_API_LOG_LEVEL=INFO or ALL every resolver call, are still logged. PICKEM_API_LOG_VERBOSE=true adds the content.',
      'AwsSolutions-ASC3',
    );
  }
  acknowledge(
    graphqlApi,
    'AWSAppSyncPushToCloudWatchLogs is the policy AppSync documents for its logging role; it allows writing logs only.',
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSAppSyncPushToCloudWatchLogs]',
  );

  for (const table of api.node.findAll().filter((c): c is Table => c instanceof Table)) {
    const indexes = `AwsSolutions-IAM5[Resource::${arnInFinding(table)}/index/*]`;
    const reason = 'Queries by index need the index ARNs; "index/*" covers the indexes of this one table only.';
    acknowledge(api, reason, indexes);
    for (const fn of lambdas) acknowledge(fn, reason, indexes);
  }
  for (const fn of lambdas) {
    acknowledge(
      api,
      'The Lambda data source role may invoke the function and its versions (":*"), as CDK grants it; nothing else.',
      `AwsSolutions-IAM5[Resource::${arnInFinding(fn)}:*]`,
    );
  }

  const logRetention = Stack.of(api).node.tryFindChild(LOG_RETENTION_FUNCTION_ID);
  if (logRetention) {
    acknowledge(
      logRetention,
      "CDK's log-retention function, run at deploy time to set the API log group's retention: AWSLambdaBasicExecutionRole for its own logs, " +
        'and the retention actions on "*" because the API log group is created by AppSync, not by the stack.',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-IAM5[Resource::*]',
    );
  }
}
