import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateResolverTypes, resolverTypesPath, schemaPath } from '../../scripts/codegen.ts';

describe('resolver-side schema types', () => {
  it('are what `npm run codegen` generates from schema.graphql (run it after changing the schema)', () => {
    expect(readFileSync(resolverTypesPath, 'utf8')).toBe(generateResolverTypes(readFileSync(schemaPath, 'utf8')));
  });
});
