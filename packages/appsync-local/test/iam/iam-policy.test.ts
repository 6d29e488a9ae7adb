/** Which top-level fields an IAM caller's policy must grant (the local stand-in for AppSync's check). */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldOutsidePolicy } from '../../src/runtime/auth/iam-policy.ts';
import { parseAppSyncSchema } from 'appsync-cloud';

const schema = parseAppSyncSchema(/* GraphQL */ `
  type Query {
    a: String
    b: String
  }
  type Mutation {
    publish: Note
    wipe: Boolean
  }
  type Note {
    id: ID
    secret: String
  }
`);

function outside(query: string, granted: string[]): string | undefined {
  const document = parse(query);
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition')!;
  return fieldOutsidePolicy(schema, document, operation, new Set(granted));
}

describe('fieldOutsidePolicy', () => {
  it('passes an operation whose top-level fields are all granted, whatever it selects below them', () => {
    expect(outside('mutation { publish { id secret } }', ['Mutation.publish'])).toBeUndefined();
    expect(outside('mutation { publish { id } __typename }', ['Mutation.publish'])).toBeUndefined();
  });

  it('names the first top-level field that is not granted, by its root type', () => {
    expect(outside('mutation { publish { id } wipe }', ['Mutation.publish'])).toBe('Mutation.wipe');
    expect(outside('{ a }', ['Mutation.publish'])).toBe('Query.a');
    expect(outside('{ a b }', ['Query.a'])).toBe('Query.b');
  });

  it('finds fields reached through fragments and aliases', () => {
    expect(outside('mutation { ...M } fragment M on Mutation { wipe }', ['Mutation.publish'])).toBe('Mutation.wipe');
    expect(outside('mutation { ... on Mutation { other: wipe } }', ['Mutation.publish'])).toBe('Mutation.wipe');
    expect(
      outside('mutation { ...M ...M } fragment M on Mutation { publish { id } }', ['Mutation.publish']),
    ).toBeUndefined();
  });

  it('grants nothing to a caller with no fields', () => {
    expect(outside('mutation { publish { id } }', [])).toBe('Mutation.publish');
  });
});
