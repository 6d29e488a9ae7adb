/**
 * Turns esbuild's ESM output into a script for the sandbox: imports of `@aws-appsync/utils[/dynamodb]`
 * become reads from a supplied `__import`, exports become the function's return value. Line numbers
 * are kept, so errors point at the same place as in the bundle. Every for-of/for-in body first calls
 * `__loop()`, which counts iterations against a budget: with no while, classic for or recursion in
 * APPSYNC_JS, a loop over a growing array is the only way resolver code can run forever.
 */
import { esbuildHelperRanges, parseModule, walk, type Node } from './ast.ts';

export const PROVIDED_MODULES = ['@aws-appsync/utils', '@aws-appsync/utils/dynamodb'];

export interface ScriptModule {
  /** `(function (__import, __esbuildObject, __loop) { ...; return { exported: local } })` */
  source: string;
  exportNames: string[];
  /** Maps a line and column of `source` (1-based) back to the code it was made from. */
  originalPosition(line: number, column: number): { line: number; column: number };
}

type Edit = { start: number; end: number; text: string };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** Offsets in the edited text back to offsets in the original; inserted text maps to where it went in. */
function positionMapper(code: string, edited: string, prefix: number, edits: Edit[]) {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const editedStarts = lineStarts(edited);
  const codeStarts = lineStarts(code);
  return (line: number, column: number) => {
    let offset = (editedStarts[line - 1] ?? 0) + column - 1 - prefix;
    let shift = 0;
    let original = -1;
    for (const e of sorted) {
      const start = e.start + shift;
      if (offset < start) break;
      if (offset < start + e.text.length) {
        original = e.start;
        break;
      }
      shift += e.text.length - (e.end - e.start);
    }
    if (original < 0) original = Math.max(0, offset - shift);
    offset = Math.min(original, code.length);
    let l = codeStarts.length - 1;
    while (codeStarts[l] > offset) l -= 1;
    return { line: l + 1, column: offset - codeStarts[l] + 1 };
  };
}

export function moduleToScript(fileName: string, code: string): ScriptModule {
  const program = parseModule(code);
  const edits: Edit[] = [];
  const exported: [string, string][] = [];

  for (const stmt of program.body as Node[]) {
    if (stmt.type === 'ImportDeclaration') {
      const source = String(stmt.source.value);
      if (!PROVIDED_MODULES.includes(source)) {
        throw new Error(
          `${fileName}:${stmt.loc.start.line}:${stmt.loc.start.column + 1} imports '${source}', which AppSync does not provide (bundle it)`,
        );
      }
      const src = JSON.stringify(source);
      const lines: string[] = [];
      const named: string[] = [];
      for (const spec of stmt.specifiers as Node[]) {
        if (spec.type === 'ImportNamespaceSpecifier') lines.push(`const ${spec.local.name} = __import(${src});`);
        else if (spec.type === 'ImportDefaultSpecifier')
          lines.push(`const ${spec.local.name} = __import(${src}).default;`);
        else {
          const imported = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
          named.push(`${JSON.stringify(imported)}: ${spec.local.name}`);
        }
      }
      if (named.length) lines.push(`const { ${named.join(', ')} } = __import(${src});`);
      edits.push({ start: stmt.start, end: stmt.end, text: lines.join(' ') });
    } else if (stmt.type === 'ExportNamedDeclaration') {
      if (stmt.source) throw new Error(`${fileName}: re-exports from other modules are not supported`);
      if (stmt.declaration) {
        const decl = stmt.declaration as Node;
        if (decl.type === 'VariableDeclaration') {
          for (const d of decl.declarations as Node[]) {
            if (d.id.type !== 'Identifier') throw new Error(`${fileName}: destructuring exports are not supported`);
            exported.push([d.id.name, d.id.name]);
          }
        } else exported.push([decl.id.name, decl.id.name]);
        edits.push({ start: stmt.start, end: decl.start, text: '' });
      } else {
        for (const spec of stmt.specifiers as Node[]) {
          const name = spec.exported.type === 'Identifier' ? spec.exported.name : String(spec.exported.value);
          exported.push([name, spec.local.name]);
        }
        edits.push({ start: stmt.start, end: stmt.end, text: '' });
      }
    } else if (stmt.type === 'ExportDefaultDeclaration') {
      const decl = stmt.declaration as Node;
      if ((decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration') && decl.id) {
        exported.push(['default', decl.id.name]);
        edits.push({ start: stmt.start, end: decl.start, text: '' });
      } else {
        edits.push({ start: stmt.start, end: decl.start, text: 'const __default = ' });
        exported.push(['default', '__default']);
      }
    } else if (stmt.type === 'ExportAllDeclaration') {
      throw new Error(`${fileName}: export * is not supported`);
    }
  }

  // esbuild's helpers (`var __defProp = Object.defineProperty`, ...) get the intrinsics resolver code may
  // not use from a separate object, so removing them from the realm does not break bundling glue.
  for (const [start, end] of esbuildHelperRanges(program)) {
    walk(program, (n, ancestors) => {
      if (n.end <= start || n.start >= end) return false;
      const parent = ancestors[ancestors.length - 1];
      const isPropertyKey = parent?.type === 'MemberExpression' && parent.property === n && !parent.computed;
      if (n.type === 'Identifier' && n.name === 'Object' && !isPropertyKey && n.start >= start) {
        edits.push({ start: n.start, end: n.end, text: '__esbuildObject' });
      }
    });
  }

  walk(program, (n) => {
    if (n.type !== 'ForOfStatement' && n.type !== 'ForInStatement') return;
    const loopBody = n.body as Node;
    if (loopBody.type === 'BlockStatement') {
      edits.push({ start: loopBody.start + 1, end: loopBody.start + 1, text: '__loop();' });
    } else {
      edits.push({ start: loopBody.start, end: loopBody.start, text: '{__loop();' });
      edits.push({ start: loopBody.end, end: loopBody.end, text: '}' });
    }
  });

  let body = code;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    body = body.slice(0, e.start) + e.text + body.slice(e.end);
  const returns = exported.map(([name, local]) => `${JSON.stringify(name)}: ${local}`).join(', ');
  const prefix = '(function (__import, __esbuildObject, __loop) { "use strict"; ';
  const source = `${prefix}${body}\n;return { ${returns} };\n})`;
  const toOriginal = positionMapper(code, source, prefix.length, edits);
  return { source, exportNames: exported.map(([name]) => name), originalPosition: toOriginal };
}
