/**
 * `npm run codegen` against Amplify's own generator (@aws-amplify/graphql-generator, what
 * `ampx generate graphql-client-code` runs), both run offline on schema.graphql. Ours is kept because
 * Amplify's selects nested connections without their arguments (`eventCard { leaderboard { … } }`), so
 * its documents cannot page them; this checks that ours are otherwise a superset of Amplify's: the same
 * operation names, every variable with the same type, every selected field. Amplify's also selects a
 * nested field whose argument is required without passing it (`league { eventLeaderboard { … } }`),
 * which no server accepts; ours leaves such a field out of the generated documents, so it is left out
 * of the comparison.
 */
import { readFileSync } from 'node:fs';
import { generateStatements } from '@aws-amplify/graphql-generator';
import { Kind, parse, print, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateClientDocuments, schemaPath } from '../../scripts/codegen.ts';

const sdl = readFileSync(schemaPath, 'utf8');

function operationsOf(documents: string): Map<string, OperationDefinitionNode> {
  const ops = new Map<string, OperationDefinitionNode>();
  for (const def of parse(documents).definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION && def.name) ops.set(def.name.value, def);
  }
  return ops;
}

/** Our generated TypeScript files hold each document in a template literal. */
function ourDocuments(): string {
  const texts = [...generateClientDocuments(sdl).values()].flatMap((ts) =>
    [...ts.matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g)].map((m) => m[1]),
  );
  return texts.join('\n');
}

/** Names of the schema's fields with a required argument (no default), read from the SDL. */
const needArguments = new Set(
  parse(sdl).definitions.flatMap((d) =>
    d.kind === Kind.OBJECT_TYPE_DEFINITION
      ? (d.fields ?? [])
          .filter((f) => (f.arguments ?? []).some((a) => a.type.kind === Kind.NON_NULL_TYPE && !a.defaultValue))
          .map((f) => f.name.value)
      : [],
  ),
);

function fieldPaths(set: SelectionSetNode | undefined, prefix = ''): string[] {
  return (set?.selections ?? []).flatMap((s) => {
    if (s.kind !== Kind.FIELD || s.name.value === '__typename') return [];
    // A nested field selected without its required argument: an invalid selection (Amplify's).
    if (prefix !== '' && needArguments.has(s.name.value) && (s.arguments ?? []).length === 0) return [];
    const path = `${prefix}${s.name.value}`;
    return [path, ...fieldPaths(s.selectionSet, `${path}.`)];
  });
}

const variablesOf = (op: OperationDefinitionNode) =>
  new Map((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, print(v.type)]));

describe("client documents against Amplify's generator", async () => {
  // Our own depth limit, so that both walk the schema as deep.
  const amplify = await generateStatements({ schema: sdl, target: 'graphql', maxDepth: 6 });
  const theirs = operationsOf(Object.values(amplify).join('\n'));
  const ours = operationsOf(ourDocuments());

  it('generate the same operations', () => {
    expect(theirs.size).toBeGreaterThan(0);
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
  });

  it.each([...theirs.keys()])('%s: ours has every variable and field of Amplify’s', (name) => {
    const mine = ours.get(name)!;
    const other = theirs.get(name)!;
    expect(mine.operation).toBe(other.operation);
    const myVariables = variablesOf(mine);
    for (const [variable, type] of variablesOf(other)) expect(myVariables.get(variable), `$${variable}`).toBe(type);
    expect(fieldPaths(mine.selectionSet)).toEqual(expect.arrayContaining(fieldPaths(other.selectionSet)));
  });

  it('only ours can page the nested connections', () => {
    const extra = (name: string) =>
      [...variablesOf(ours.get(name)!).keys()].filter((v) => !variablesOf(theirs.get(name)!).has(v));
    expect(extra('EventCard')).toEqual(['leaderboardLimit', 'leaderboardNextToken']);
    expect(extra('UserProfile')).toEqual(['historyLimit', 'historyNextToken']);
  });
});
