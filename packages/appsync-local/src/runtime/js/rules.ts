/**
 * The APPSYNC_JS rules AppSync enforces when code is saved: `@aws-appsync/eslint-plugin`'s base config
 * (syntax rules) plus, by our own AST walk, what its type-aware rules check: recursion, denied methods
 * (by name), function passing. Also `throw`, which the plugin does not check.
 *
 * eslint takes a third of a second to load, so it is loaded on the first lint that the optional lint
 * cache (`setLintCache`, which the evaluate CLI keeps on disk) does not answer, from where
 * `setEslintLoader` says (the evaluate CLI loads it from a one-file bundle).
 */
import { createRequire } from 'node:module';
import type { Linter } from 'eslint';
import { MAX_CODE_CHARS } from 'appsync-cloud';
import { esbuildHelperRanges, parseModule, walk, type Node } from './ast.ts';
import { DENIED_INSTANCE_METHODS, DENIED_METHODS, STATIC_OWNERS } from './denied-methods.ts';

export interface RuleViolation {
  line: number;
  column: number;
  /** Characters the offending code spans on its line, -1 when unknown. */
  span: number;
  rule: string;
  message: string;
}

/** Thrown by checkAppSyncRules: the code breaks rules AppSync enforces when code is saved. */
export class CodeRejected extends Error {
  constructor(
    readonly fileName: string,
    readonly violations: RuleViolation[],
  ) {
    super(
      violations
        .map((v) => `${fileName}:${v.line}:${v.column} breaks the APPSYNC_JS rule ${v.rule} (${v.message})`)
        .join('\n'),
    );
  }
}

/** The raw eslint findings for a piece of code (before esbuild-helper exemptions). */
export type LintMessage = Pick<
  Linter.LintMessage,
  'line' | 'column' | 'endLine' | 'endColumn' | 'ruleId' | 'message'
> & { fatal?: boolean };

export interface LintCache {
  get(code: string): LintMessage[] | undefined;
  set(code: string, messages: LintMessage[]): void;
}

let lintCache: LintCache | null = null;
/** Lets a caller remember lint results across processes (keyed by the code and the checker's version). */
export function setLintCache(cache: LintCache | null): void {
  lintCache = cache;
}

const CALLBACK_METHODS = [
  'map',
  'filter',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'forEach',
  'reduce',
  'reduceRight',
  'every',
  'some',
  'flatMap',
];

/**
 * `@aws-appsync/eslint-plugin`'s `configs.base` rules, each with the module that holds it. They are
 * loaded one by one because the plugin's entry point also loads TypeScript (a second and a half) for
 * its type-aware rules; rules.test.ts checks this list against the plugin's own config. Bundled
 * resolver code is plain JavaScript, so eslint's own parser reads it.
 */
export const BASE_RULE_MODULES: Record<string, string> = {
  'no-async': 'no-async',
  'no-await': 'no-await',
  'no-classes': 'no-classes',
  'no-for': 'no-for',
  'no-continue': 'no-continue',
  'no-generators': 'no-generators',
  'no-yield': 'no-yield',
  'no-labels': 'no-labels',
  'no-regex': 'no-regex',
  'no-this': 'no-this',
  'no-try': 'no-try',
  'no-while': 'no-while',
  'no-disallowed-unary-operators': 'no-disallowed-unary-operators',
  'no-disallowed-binary-operators': 'no-disallowed-binary-operator',
  'no-promise': 'no-promise',
  'no-disallowed-re-assignment': 'no-disallowed-re-assignment',
  'no-in-operator': 'no-in-operator',
};

const requireHere = createRequire(import.meta.url);
export function loadBaseRule(name: string): unknown {
  const mod = requireHere(`@aws-appsync/eslint-plugin/lib/rules/${BASE_RULE_MODULES[name]}.js`) as {
    __esModule?: boolean;
    default?: unknown;
  };
  return mod.__esModule ? mod.default : mod;
}

type EslintLinterModule = { Linter: typeof Linter };
let loadEslint = (): EslintLinterModule => requireHere('eslint') as EslintLinterModule;
/** Where eslint's Linter class comes from, when it is first needed. */
export function setEslintLoader(load: () => EslintLinterModule): void {
  loadEslint = load;
}

let linter: { linter: Linter; config: Linter.Config[] } | null = null;
function loadLinter(): { linter: Linter; config: Linter.Config[] } {
  if (!linter) {
    const { Linter: LinterClass } = loadEslint();
    const names = Object.keys(BASE_RULE_MODULES);
    const rules = Object.fromEntries(names.map((name) => [name, loadBaseRule(name)]));
    linter = {
      linter: new LinterClass({ configType: 'flat' }),
      config: [
        {
          files: ['**/*.js'],
          plugins: { '@aws-appsync': { rules } as never },
          rules: Object.fromEntries(names.map((name) => [`@aws-appsync/${name}`, 2])),
        },
      ],
    };
  }
  return linter;
}

function lintMessages(code: string): LintMessage[] {
  const cached = lintCache?.get(code);
  if (cached) return cached;
  const { linter: l, config } = loadLinter();
  const messages = l
    .verify(code, config, { filename: 'resolver.js' })
    .map(({ line, column, endLine, endColumn, ruleId, message, fatal }) => ({
      line,
      column,
      endLine,
      endColumn,
      ruleId,
      message,
      ...(fatal ? { fatal } : {}),
    }));
  lintCache?.set(code, messages);
  return messages;
}

const isFunctionNode = (n: Node | null | undefined): boolean =>
  !!n && (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration');

function propertyName(member: Node): string | null {
  if (member.type !== 'MemberExpression') return null;
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.computed && member.property.type === 'Literal' && typeof member.property.value === 'string')
    return member.property.value;
  return null;
}

function lint(code: string, exempt: (line: number, column: number) => boolean): RuleViolation[] {
  return lintMessages(code)
    .filter((m) => m.fatal || !exempt(m.line, m.column))
    .map((m) => ({
      line: m.line,
      column: m.column,
      span: m.endLine === m.line && m.endColumn !== undefined ? m.endColumn - m.column : -1,
      rule: m.ruleId ? m.ruleId.replace('@aws-appsync/', '') : 'syntax',
      message: m.message.replace(/\.$/, ''),
    }));
}

/** The named functions of the module (declarations and functions bound to a variable). */
function collectFunctions(program: Node, skip: (n: Node) => boolean): Map<Node, string> {
  const names = new Map<Node, string>();
  walk(program, (n) => {
    if (skip(n)) return false;
    if (n.type === 'FunctionDeclaration' && n.id) names.set(n, n.id.name);
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && isFunctionNode(n.init))
      names.set(n.init, n.id.name);
    if (n.type === 'FunctionExpression' && n.id && !names.has(n)) names.set(n, n.id.name);
  });
  return names;
}

function ownChecks(program: Node): RuleViolation[] {
  const helpers = esbuildHelperRanges(program);
  const skip = (n: Node) => helpers.some(([s, e]) => n.start >= s && n.end <= e);
  const functions = collectFunctions(program, skip);
  const functionNames = new Set(functions.values());
  const out: RuleViolation[] = [];
  const report = (n: Node, rule: string, message: string) =>
    out.push({ line: n.loc.start.line, column: n.loc.start.column + 1, span: n.end - n.start, rule, message });
  const calls = new Map<string, { callee: string; node: Node }[]>();

  walk(program, (n, ancestors) => {
    if (skip(n)) return false;
    if (n.type === 'ThrowStatement') report(n, 'no-throw', 'throw statements are not supported');
    if (n.type !== 'CallExpression' && n.type !== 'NewExpression') return;
    const callee = n.callee as Node;
    const method = propertyName(callee);

    if (n.type === 'CallExpression' && callee.type === 'Identifier' && functionNames.has(callee.name)) {
      const owner = [...ancestors].reverse().find((a) => functions.has(a));
      if (owner) {
        const name = functions.get(owner)!;
        if (!calls.has(name)) calls.set(name, []);
        calls.get(name)!.push({ callee: callee.name, node: n });
      }
    }

    if (method) {
      const object = callee.object as Node;
      const staticOwner = object.type === 'Identifier' && STATIC_OWNERS.includes(object.name) ? object.name : null;
      if (staticOwner) {
        if (DENIED_METHODS[staticOwner].includes(method))
          report(n, 'no-disallowed-methods', `${staticOwner}.${method} is not supported`);
      } else if (DENIED_INSTANCE_METHODS.has(method)) {
        report(n, 'no-disallowed-methods', `${DENIED_INSTANCE_METHODS.get(method)}.${method} is not supported`);
      } else if ((method === 'sort' || method === 'toSorted') && n.arguments.length > 0) {
        report(n, 'no-disallowed-methods', `${method} with a comparator function is not supported`);
      }
    }

    (n.arguments as Node[]).forEach((arg, index) => {
      const passesFunction = isFunctionNode(arg) || (arg.type === 'Identifier' && functionNames.has(arg.name));
      if (!passesFunction) return;
      if (method && CALLBACK_METHODS.includes(method) && index === 0) return;
      if (method === 'sort' || method === 'toSorted') return; // reported as a denied method
      report(arg, 'no-function-passing', 'functions can only be passed to the callbacks of array methods');
    });
  });

  // A cycle in the call graph is recursion.
  const state = new Map<string, 'active' | 'done'>();
  const visit = (name: string): void => {
    state.set(name, 'active');
    for (const { callee, node } of calls.get(name) ?? []) {
      const s = state.get(callee);
      if (s === 'active') report(node, 'no-recursion', `recursive call of ${callee} is not supported`);
      else if (!s) visit(callee);
    }
    state.set(name, 'done');
  };
  for (const name of calls.keys()) if (!state.has(name)) visit(name);
  return out;
}

/** Every violation, sorted by position. Throws nothing. */
export function findViolations(code: string): RuleViolation[] {
  let program: Node;
  try {
    program = parseModule(code);
  } catch (e) {
    const err = e as { loc?: { line: number; column: number }; message: string };
    return [
      { line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1, span: -1, rule: 'syntax', message: err.message },
    ];
  }
  const helpers = esbuildHelperRanges(program);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i += 1) if (code[i] === '\n') lineStarts.push(i + 1);
  const exempt = (line: number, column: number) => {
    const offset = (lineStarts[line - 1] ?? 0) + column - 1;
    return helpers.some(([s, e]) => offset >= s && offset < e);
  };
  const all = [...lint(code, exempt), ...ownChecks(program)];
  return all.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Throws when the code breaks a rule AppSync enforces on save. */
export function checkAppSyncRules(fileName: string, code: string): void {
  if (code.length > MAX_CODE_CHARS) {
    throw new Error(`${fileName}: code is ${code.length} characters; AppSync allows ${MAX_CODE_CHARS}`);
  }
  const violations = findViolations(code);
  if (violations.length) throw new CodeRejected(fileName, violations);
}
