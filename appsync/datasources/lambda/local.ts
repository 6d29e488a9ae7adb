import path from 'node:path';
import { repoRoot } from '../../bundle.ts';
import { createLambdaDataSource } from '../../local/datasources/lambda.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/dynamodb-local.ts';
import type { DataSourceOf } from '../../wiring.ts';
import { resolveTableNames, type LocalKind } from '../local.ts';

/** The handler module, run in-process. */
export const lambdaLocal: LocalKind<DataSourceOf<'LAMBDA'>> = {
  invoker(source, ctx) {
    return createLambdaDataSource({
      handlerPath: path.join(repoRoot, source.handler),
      environment: {
        ...resolveTableNames(source.environment, ctx.tableNames),
        // The in-process function's AWS SDK talks to DynamoDB Local.
        AWS_ENDPOINT_URL_DYNAMODB: ctx.dynamoEndpoint,
        AWS_REGION: LOCAL_REGION,
        AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      },
    });
  },
};
