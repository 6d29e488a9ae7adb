/**
 * `amplify/data/wiring.ts` is the one description of each pipeline. A resolver file may say which
 * functions run (its "Pipeline:" comment, for the reader), but only as the wiring has them: every
 * pipeline function the comment names, in its order, must be the wiring's list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wiring } from '../../amplify/data/wiring.ts';
import { repoRoot } from '../../project.ts';

const functionNames = new Set(wiring.functions.map((f) => f.name));
const pipelines = wiring.resolvers.flatMap((r) => (r.kind === 'PIPELINE' ? [r] : []));

/**
 * The pipeline functions a resolver's "Pipeline:" comment names, each once in the order it first
 * names them; for "Pipeline: as Type.field", that resolver's list. Null: no such comment.
 */
function restated(code: string): string[] | null {
  const comment = /\/\*\*(?:(?!\*\/)[\s\S])*?Pipeline:((?:(?!\*\/)[\s\S])*)\*\//.exec(code);
  if (!comment) return null;
  const same = /^\s*as (\w+)\.(\w+)/.exec(comment[1]);
  if (same) return pipelines.find((p) => p.typeName === same[1] && p.fieldName === same[2])?.functions ?? [];
  const named = [...comment[1].matchAll(/[A-Za-z]+/g)].map((m) => m[0]).filter((word) => functionNames.has(word));
  return [...new Set(named)];
}

describe('resolver comments restate their pipeline only as the wiring has it', () => {
  it('finds the wiring and its pipelines', () => {
    expect(pipelines.length).toBeGreaterThan(30);
  });

  it.each(pipelines.map((p) => [`${p.typeName}.${p.fieldName}`, p] as const))('%s', (_name, pipeline) => {
    const said = restated(readFileSync(path.join(repoRoot, pipeline.code), 'utf8'));
    if (said === null) return;
    expect(said, `the "Pipeline:" comment of ${pipeline.code}`).toEqual(pipeline.functions);
  });

  it('a unit resolver does not call itself a pipeline', () => {
    for (const r of wiring.resolvers.filter((r) => r.kind === 'UNIT')) {
      expect(readFileSync(path.join(repoRoot, r.code), 'utf8'), r.code).not.toMatch(/Pipeline:/);
    }
  });
});
