/** The typed GraphQL documents in client/graphql/ match schema.graphql, and a React-style call type-checks. */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { parseAppSyncSchema } from 'appsync-cloud';
import { generateClientDocuments, outputDir, schemaPath } from '../../scripts/codegen.ts';
import * as mutations from '@pickem/client/graphql/mutations';
import * as queries from '@pickem/client/graphql/queries';

const sdl = readFileSync(schemaPath, 'utf8');
const schema = parseAppSyncSchema(sdl);

describe('generated client documents', () => {
  it('are up to date with schema.graphql (run `npm run codegen`)', () => {
    const expected = generateClientDocuments(sdl);
    expect(readdirSync(outputDir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected)
      expect(readFileSync(path.join(outputDir, name), 'utf8'), name).toBe(content);
  });

  it('cover every Query and Mutation field with a document that is valid against the schema', () => {
    const roots = [
      [schema.getQueryType(), queries],
      [schema.getMutationType(), mutations],
    ] as const;
    for (const [root, documents] of roots) {
      const fields = Object.keys(root?.getFields() ?? {});
      expect(Object.keys(documents).sort()).toEqual(fields.sort());
      for (const [name, text] of Object.entries(documents)) {
        expect(
          validate(schema, parse(text)).map((e) => e.message),
          name,
        ).toEqual([]);
      }
    }
  });

  it('type-check a React-style client (client/example.ts), including the mistakes they must reject', async () => {
    const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
    const result = await promisify(execFile)(tsc, ['-p', 'test/client/tsconfig.client.json'], { cwd: repoRoot }).catch(
      (e: { stdout: string }) => ({ stdout: e.stdout }),
    );
    expect(result.stdout).toBe('');
  }, 120_000);
});
