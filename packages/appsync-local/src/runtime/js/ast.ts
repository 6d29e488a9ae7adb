/** Parsing resolver code with acorn and walking the ESTree it gives. */
import { parse } from 'acorn';

export interface Node {
  type: string;
  start: number;
  end: number;
  loc: { start: { line: number; column: number } };
  [key: string]: any;
}

export function parseModule(code: string): Node {
  return parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true }) as unknown as Node;
}

export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v.type === 'string') out.push(v);
    } else if (value && typeof value.type === 'string') out.push(value);
  }
  return out;
}

/** Depth-first walk; `enter` returns false to skip a subtree. `ancestors` ends with the node's parent. */
export function walk(
  node: Node,
  enter: (node: Node, ancestors: Node[]) => boolean | void,
  ancestors: Node[] = [],
): void {
  if (enter(node, ancestors) === false) return;
  ancestors.push(node);
  for (const child of children(node)) walk(child, enter, ancestors);
  ancestors.pop();
}

/** Top-level helpers esbuild emits (`var __defProp = ...`, `__export`, ...): exempt from the rules. */
export function esbuildHelperRanges(program: Node): [number, number][] {
  const ranges: [number, number][] = [];
  for (const stmt of program.body as Node[]) {
    if (
      stmt.type === 'VariableDeclaration' &&
      stmt.declarations.every((d: Node) => d.id.type === 'Identifier' && d.id.name.startsWith('__'))
    ) {
      ranges.push([stmt.start, stmt.end]);
    } else if (stmt.type === 'FunctionDeclaration' && stmt.id?.name.startsWith('__')) {
      ranges.push([stmt.start, stmt.end]);
    }
  }
  return ranges;
}
