import { Stack } from 'aws-cdk-lib';
import { IamResource } from 'aws-cdk-lib/aws-appsync';
import type { DataSourceOf } from '../wiring.ts';
import type { CloudKind } from './data-source-kind.ts';

/**
 * The deployed function given for the data source's handler, with its tables' names and access and,
 * with `callsApi`, the API's URL and `appsync:GraphQL` on exactly those fields. The function and the
 * API are in one stack; the function depends on the API (its URL, its ARN), and the API itself
 * depends on nothing of the function (only its data source does), so there is no cycle.
 */
export const lambdaCloud: CloudKind<DataSourceOf<'LAMBDA'>> = {
  add(source, ctx) {
    const target = Object.hasOwn(ctx.lambdas, source.handler) ? ctx.lambdas[source.handler] : undefined;
    if (!target) {
      throw new Error(
        `Lambda data source "${source.name}" runs ${source.handler}, but no deployed function was given for it ` +
          `(known: ${Object.keys(ctx.lambdas).join(', ') || 'none'})`,
      );
    }
    const lambda = target.resources.lambda;
    // A function in another nested stack that reads this stack's table makes a dependency cycle.
    if (Stack.of(lambda) !== Stack.of(ctx.scope)) {
      throw new Error(
        `Lambda data source "${source.name}": its function must be in the API's stack ${Stack.of(ctx.scope).node.path} (defineFunction resourceGroupName)`,
      );
    }
    for (const [key, ref] of Object.entries(source.environment)) {
      const table = ctx.tables.get(ref.tableNameOf)!;
      target.addEnvironment(key, table.tableName);
      table.grantReadWriteData(lambda);
    }
    if (source.callsApi) {
      target.addEnvironment(source.callsApi.urlVariable, ctx.api.graphqlUrl);
      const byType = new Map<string, string[]>();
      for (const name of source.callsApi.fields) {
        const [type, field] = name.split('.');
        byType.set(type, [...(byType.get(type) ?? []), field]);
      }
      for (const [type, fields] of byType)
        ctx.api.grant(lambda, IamResource.ofType(type, ...fields), 'appsync:GraphQL');
    }
    return ctx.api.addLambdaDataSource(source.name, lambda, { name: source.name });
  },
};
