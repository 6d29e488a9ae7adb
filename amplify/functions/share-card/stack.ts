/**
 * The share card in the cloud: its function URL without sign-in, read-only rights on the table (the
 * event's Query, the prediction's GetItem), and its address given to the API (SHARE_URL, which
 * Prediction.shareUrl starts with). Settings (docs/deploy.md): PICKEM_SHARE_URL, a public address in
 * front of the function (a CDN that caches its answers), used instead of the function URL's;
 * PICKEM_SHARE_CONCURRENCY, reserved concurrency that caps what a flood of requests can cost
 * (default none: an account's own limit).
 */
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, type CfnFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { GraphqlApi } from 'aws-cdk-lib/aws-appsync';
import type { LambdaTarget } from 'appsync-cloud/cdk';

export interface ShareCardSettings {
  url: string | null;
  concurrency: number | null;
}

export function shareCardSettings(env: NodeJS.ProcessEnv = process.env): ShareCardSettings {
  const url = env.PICKEM_SHARE_URL || null;
  if (url !== null && !/^https:\/\/[^/]+\/(.+\/)?$/.test(url))
    throw new Error(`PICKEM_SHARE_URL=${url}: an https address ending in '/'`);
  const concurrency = env.PICKEM_SHARE_CONCURRENCY ? Number(env.PICKEM_SHARE_CONCURRENCY) : null;
  if (concurrency !== null && !(Number.isInteger(concurrency) && concurrency > 0))
    throw new Error(`PICKEM_SHARE_CONCURRENCY=${env.PICKEM_SHARE_CONCURRENCY}: a whole number above 0`);
  return { url, concurrency };
}

export function addShareCard(
  deps: { shareCard: LambdaTarget; table: ITable; api: GraphqlApi; appUrl: string },
  settings: ShareCardSettings = shareCardSettings(),
): { url: string } {
  const fn: IFunction = deps.shareCard.resources.lambda;
  const fnUrl = fn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [deps.table.tableArn] }),
  );
  if (settings.concurrency !== null)
    (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = settings.concurrency;
  const url = settings.url ?? fnUrl.url;
  deps.shareCard.addEnvironment('TABLE_NAME', deps.table.tableName);
  deps.shareCard.addEnvironment('APP_URL', deps.appUrl);
  if (settings.url !== null) deps.shareCard.addEnvironment('SHARE_URL', settings.url);
  deps.api.addEnvironmentVariable('SHARE_URL', url);
  return { url };
}
