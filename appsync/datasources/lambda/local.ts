import path from 'node:path';
import { repoRoot } from '../../bundle.ts';
import { createLambdaDataSource } from '../../local/datasources/lambda.ts';
import { localDynamoDbEnvironment } from '../../local/dynamodb-credentials.ts';
import type { DataSourceOf } from '../../wiring.ts';
import { resolveTableNames, type LocalKind } from '../local.ts';

/** The handler module, run in-process. */
export const lambdaLocal: LocalKind<DataSourceOf<'LAMBDA'>> = {
  invoker(source, ctx) {
    return createLambdaDataSource({
      handlerPath: path.join(repoRoot, source.handler),
      environment: {
        ...resolveTableNames(source.environment, ctx.tableNames),
        // The in-process function's AWS SDK talks to DynamoDB Local with the local credential.
        ...localDynamoDbEnvironment(ctx.dynamoEndpoint),
      },
    });
  },
};
