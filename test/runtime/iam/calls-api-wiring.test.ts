/** checkWiring's rules for a Lambda data source's `callsApi`. */
import { describe, expect, it } from 'vitest';
import { checkWiring, parseAppSyncSchema, type ApiWiring, type DataSource } from '../../../appsync/wiring.ts';

const schema = parseAppSyncSchema(/* GraphQL */ `
  type Query {
    open: String
  }
  type Mutation {
    publish(text: String!): String @aws_iam
    both: String @aws_cognito_user_pools @aws_iam
    userOnly: String @aws_cognito_user_pools
    plain: String
    typeRuled: Note
  }
  type Note @aws_iam {
    text: String
    narrowed: String @aws_cognito_user_pools
  }
`);

const tables = { name: 'T', partitionKey: 'PK', sortKey: 'SK', indexes: [] };

function wiringCalling(callsApi: { urlVariable: string; fields: string[] }): ApiWiring {
  const dataSources: DataSource[] = [
    { name: 'Table', kind: 'DYNAMODB', table: tables },
    { name: 'Fn', kind: 'LAMBDA', handler: 'fn.ts', environment: { TABLE_NAME: { tableNameOf: 'Table' } }, callsApi },
  ];
  return { dataSources, functions: [], resolvers: [], environment: {} };
}

describe('callsApi', () => {
  it('accepts fields that allow @aws_iam on the field or through their type', () => {
    expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: ['Mutation.publish', 'Mutation.both', 'Note.text'] }))).not.toThrow();
  });

  it('refuses a field that does not exist, whatever way it is misnamed', () => {
    const names = ['Mutation.nope', 'Nope.publish', 'publish', 'Mutation.publish.text', 'String.length'];
    for (const name of names) {
      expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: [name] }))).toThrow(
        `callsApi.fields names "${name}", which is not a field`,
      );
    }
  });

  it('refuses a field without @aws_iam, including one whose own directives replace its type @aws_iam', () => {
    for (const name of ['Mutation.userOnly', 'Mutation.plain', 'Query.open', 'Note.narrowed']) {
      expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: [name] }))).toThrow(`callsApi.fields names ${name}, which does not allow @aws_iam`);
    }
  });

  it('refuses a urlVariable that clashes with the function environment, a reserved name, or no name', () => {
    expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'TABLE_NAME', fields: ['Mutation.publish'] }))).toThrow(
      'callsApi.urlVariable TABLE_NAME is also one of the function',
    );
    for (const name of ['AWS_REGION', 'AWS_SESSION_TOKEN', '_HANDLER', 'LAMBDA_TASK_ROOT']) {
      expect(() => checkWiring(schema, wiringCalling({ urlVariable: name, fields: ['Mutation.publish'] }))).toThrow('a name Lambda reserves');
    }
    expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API URL', fields: ['Mutation.publish'] }))).toThrow('is not an environment variable name');
  });

  it('refuses an empty list of fields', () => {
    expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: [] }))).toThrow('callsApi.fields is empty');
  });
});
