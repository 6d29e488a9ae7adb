/**
 * What a pipeline's steps pass each other in `ctx.stash` follows the wiring: every stash key a step
 * reads is written by the resolver's request or by a function before it in `amplify/data/wiring.ts`'s
 * list (or by the step itself). resolvers/lib/stash.ts types one stash per family of pipelines, so
 * TypeScript cannot see that a pipeline left out the function that fills a key its later step reads;
 * this reads the code instead. A step's reads and writes are its `ctx.stash.key` uses, its
 * destructurings of `ctx.stash`, and the same in every helper of resolvers/ it calls (with the stash
 * passed whole or inside `ctx`).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { wiring } from '../../amplify/data/wiring.ts';
import { repoRoot } from '../../project.ts';

const resolversDir = path.join(repoRoot, 'resolvers');
const sources = readdirSync(resolversDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(resolversDir, f));
const program = ts.createProgram(sources, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  noEmit: true,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();

interface Uses {
  reads: Set<string>;
  writes: Set<string>;
}

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

/** The function a call runs, when it is declared in resolvers/ (a helper); undefined otherwise. */
function helperOf(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (!declaration || !declaration.getSourceFile().fileName.startsWith(resolversDir)) return undefined;
  if (ts.isFunctionDeclaration(declaration) && declaration.body) return declaration;
  if (
    ts.isVariableDeclaration(declaration) &&
    declaration.initializer &&
    (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))
  )
    return declaration.initializer;
  return undefined;
}

const memo = new Map<string, Uses>();

/**
 * The stash keys `fn` reads and writes, its helpers' too. `stashParams`: the indexes of its parameters
 * that hold the stash itself (an argument `ctx.stash`); any other value's `.stash` counts as the stash.
 */
function usesOf(fn: ts.FunctionLikeDeclaration, stashParams: number[] = [], visiting = new Set<string>()): Uses {
  const id = `${fn.getSourceFile().fileName}:${fn.pos}:${stashParams.join(',')}`;
  const known = memo.get(id);
  if (known) return known;
  const uses: Uses = { reads: new Set(), writes: new Set() };
  if (visiting.has(id)) return uses;
  visiting.add(id);
  const aliases = new Set<ts.Symbol>();
  for (const i of stashParams) {
    const symbol = fn.parameters[i] && checker.getSymbolAtLocation(fn.parameters[i].name);
    if (symbol) aliases.add(symbol);
  }
  const isStash = (e: ts.Expression): boolean =>
    (ts.isPropertyAccessExpression(e) && e.name.text === 'stash') ||
    (ts.isIdentifier(e) && aliases.has(checker.getSymbolAtLocation(e)!));
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isStash(node.expression)) {
      const key = node.name.text;
      const parent = node.parent;
      const assigned =
        ts.isBinaryExpression(parent) && parent.left === node && ASSIGNMENTS.has(parent.operatorToken.kind);
      if (assigned) uses.writes.add(key);
      if (!assigned || parent.operatorToken.kind !== ts.SyntaxKind.EqualsToken) uses.reads.add(key);
    } else if (ts.isVariableDeclaration(node) && node.initializer && isStash(node.initializer)) {
      if (ts.isObjectBindingPattern(node.name)) {
        for (const element of node.name.elements) {
          const name = element.propertyName ?? element.name;
          if (ts.isIdentifier(name)) uses.reads.add(name.text);
        }
      } else {
        aliases.add(checker.getSymbolAtLocation(node.name)!);
      }
    } else if (ts.isCallExpression(node)) {
      const helper = helperOf(node);
      if (helper) {
        const passed = node.arguments.flatMap((a, i) => (isStash(a) ? [i] : []));
        const inner = usesOf(helper, passed, visiting);
        for (const k of inner.reads) uses.reads.add(k);
        for (const k of inner.writes) uses.writes.add(k);
      }
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  visiting.delete(id);
  memo.set(id, uses);
  return uses;
}

/** The stash uses of a resolver or function file's exported request or response. */
function handlerUses(file: string, name: 'request' | 'response'): Uses {
  const source = program.getSourceFile(path.join(repoRoot, file));
  if (!source) throw new Error(`${file} is not among resolvers/`);
  const handler = source.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name,
  );
  return handler ? usesOf(handler) : { reads: new Set(), writes: new Set() };
}

const codeOf = new Map(wiring.functions.map((f) => [f.name, f.code]));
const pipelines = wiring.resolvers.flatMap((r) => (r.kind === 'PIPELINE' ? [r] : []));

/** A pipeline's steps in the order AppSync runs them. */
function stepsOf(p: (typeof pipelines)[number]): { step: string; uses: Uses }[] {
  const field = `${p.typeName}.${p.fieldName}`;
  return [
    { step: `${field} request`, uses: handlerUses(p.code, 'request') },
    ...p.functions.flatMap((f) => {
      const code = codeOf.get(f)!;
      return [
        { step: `${f} request`, uses: handlerUses(code, 'request') },
        { step: `${f} response`, uses: handlerUses(code, 'response') },
      ];
    }),
    { step: `${field} response`, uses: handlerUses(p.code, 'response') },
  ];
}

/**
 * Reads that need no writer: a flag or a value a step sets only when it applies, absent otherwise
 * (and read as absent), by key; and the shared filler of the members' items (memberItemsRead), which
 * puts each item read in the map of its kind: a step's own request makes the maps of the kinds it reads.
 */
const MAY_BE_ABSENT: Record<string, string> = {
  ranksOnly: "League.myRank's request sets it; absent, every member is read",
  withReminders: "League.missingPicks's request sets it; absent, no reminder settings are read",
  updated: 'writeEventUpdate sets it only when the event changed; placeReminders reads it as optional',
};
const OTHER_KINDS = new Set([
  'getMemberStandings response reads predictions',
  'getMemberStandings response reads reminders',
  'getMemberPredictions response reads standings',
]);

/** "step reads key": each read of a key that neither the step nor one before it writes. */
function unwrittenReads(steps: { step: string; uses: Uses }[]): string[] {
  const written = new Set<string>();
  const found: string[] = [];
  for (const { step, uses } of steps) {
    for (const k of uses.writes) written.add(k);
    for (const k of uses.reads) {
      const read = `${step} reads ${k}`;
      if (!written.has(k) && !Object.hasOwn(MAY_BE_ABSENT, k) && !OTHER_KINDS.has(read)) found.push(read);
    }
  }
  return found;
}

describe('each stash key a pipeline step reads is written before it, as the wiring orders the steps', () => {
  it('reads the stash through helpers and destructuring', () => {
    const card = handlerUses('resolvers/functions/getEventCard.ts', 'response');
    expect([...card.writes]).toEqual(expect.arrayContaining(['event', 'matches', 'questions']));
    // deleteQuestion reads the event and the questions only through its helpers (openQuestionEdit).
    const removal = handlerUses('resolvers/functions/deleteQuestion.ts', 'request');
    expect([...removal.reads]).toEqual(expect.arrayContaining(['event', 'questions']));
    expect([...removal.writes]).toEqual(expect.arrayContaining(['removed', 'now']));
    // nameOf(ctx.stash, …) reads the profiles through its own parameter.
    expect([...handlerUses('resolvers/functions/getMemberPredictions.ts', 'request').writes]).toContain('profiles');
    expect([...handlerUses('resolvers/League.missingPicks.ts', 'response').reads]).toContain('profiles');
  });

  it('finds a pipeline that reads what it did not fetch', () => {
    const removeQuestion = pipelines.find((p) => p.fieldName === 'removeQuestion')!;
    expect(unwrittenReads(stepsOf({ ...removeQuestion, functions: ['deleteQuestion'] }))).toEqual(
      expect.arrayContaining(['deleteQuestion request reads event']),
    );
  });

  it.each(pipelines.map((p) => [`${p.typeName}.${p.fieldName}`, p] as const))('%s', (_name, p) => {
    expect(unwrittenReads(stepsOf(p))).toEqual([]);
  });
});
