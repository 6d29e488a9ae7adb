/** checkWiring's rules for a Lambda data source's `callsApi`. */
import { describe, expect, it } from 'vitest';
import { checkWiring, parseAppSyncSchema, type ApiWiring, type DataSource } from 'appsync-cloud';

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

/** `urlVariable` is typed as a string here, as wiring written in JavaScript could give any. */
function wiringCalling(callsApi: { urlVariable: string; fields: string[] }, extraVariable?: string): ApiWiring {
  const environment = {
    TABLE_NAME: { tableNameOf: 'Table' },
    ...(extraVariable ? { [extraVariable]: { tableNameOf: 'Table' } } : {}),
  };
  const dataSources: DataSource[] = [
    { name: 'Table', kind: 'DYNAMODB', table: tables },
    {
      name: 'Fn',
      kind: 'LAMBDA',
      handler: 'fn.ts',
      environment,
      callsApi: callsApi as { urlVariable: 'API_URL'; fields: string[] },
    },
  ];
  return { dataSources, functions: [], resolvers: [], environment: {} };
}

describe('callsApi', () => {
  it('accepts fields that allow @aws_iam on the field or through their type', () => {
    expect(() =>
      checkWiring(
        schema,
        wiringCalling({ urlVariable: 'API_URL', fields: ['Mutation.publish', 'Mutation.both', 'Note.text'] }),
      ),
    ).not.toThrow();
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
      expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: [name] }))).toThrow(
        `callsApi.fields names ${name}, which does not allow @aws_iam`,
      );
    }
  });

  it('refuses a urlVariable other than the one callApi reads, and one the function environment also sets', () => {
    for (const name of ['URL', 'TABLE_NAME', 'AWS_REGION']) {
      expect(() => checkWiring(schema, wiringCalling({ urlVariable: name, fields: ['Mutation.publish'] }))).toThrow(
        `callsApi.urlVariable "${name}" is not API_URL, the variable callApi reads`,
      );
    }
    expect(() =>
      checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: ['Mutation.publish'] }, 'API_URL')),
    ).toThrow('callsApi.urlVariable API_URL is also one of the function');
  });

  it('refuses an empty list of fields', () => {
    expect(() => checkWiring(schema, wiringCalling({ urlVariable: 'API_URL', fields: [] }))).toThrow(
      'callsApi.fields is empty',
    );
  });
});
