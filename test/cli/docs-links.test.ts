/**
 * The docs hold together: README.md stays short (at most 200 lines), and every relative link in every
 * tracked *.md file points to a file or folder that exists; a `#anchor` into a markdown file names one
 * of its headings (GitHub's slugs: lowercase, spaces to hyphens, punctuation dropped, `-1`, `-2` for
 * repeats). Links inside code blocks and code spans are not links and are skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';

/**
 * Files other branches are writing while this test lands: a link to one is checked once it exists.
 * Empty this list when they have landed.
 */
const tracked = execFileSync('git', ['ls-files', '*.md'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.includes('node_modules/'));
const markdown = tracked;

/** The text outside fenced code blocks, one entry a line (fenced lines become empty). */
function prose(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** GitHub's anchor for a heading's text. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  for (const line of prose(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of readFileSync(file, 'utf8').matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  anchorCache.set(file, anchors);
  return anchors;
}

/** Every relative link target of a markdown file, with its line. */
function linksOf(file: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  prose(readFileSync(path.join(repoRoot, file), 'utf8')).forEach((text, i) => {
    const outsideCode = text.replace(/(`+)[\s\S]*?\1/g, '');
    for (const [, target] of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // another scheme: not a file of this repository
      links.push({ line: i + 1, target });
    }
  });
  return links;
}

describe('docs', () => {
  it('README.md is at most 200 lines', () => {
    const lines = readFileSync(path.join(repoRoot, 'README.md'), 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('every relative link in a tracked markdown file resolves, anchors included', () => {
    expect(markdown.length).toBeGreaterThan(3);
    const broken: string[] = [];
    for (const file of markdown) {
      for (const { line, target } of linksOf(file)) {
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const resolved =
          pathPart === '' ? path.join(repoRoot, file) : path.resolve(repoRoot, path.dirname(file), decodeURI(pathPart));
        const relative = path.relative(repoRoot, resolved);
        if (!existsSync(resolved)) {
          broken.push(`${file}:${line}: ${target} (no such file)`);
          continue;
        }
        if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
        if (!anchorsOf(resolved).has(decodeURIComponent(anchor)))
          broken.push(`${file}:${line}: ${target} (no such heading in ${relative})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
