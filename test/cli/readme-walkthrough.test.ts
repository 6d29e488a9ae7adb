/**
 * The admin walkthrough of docs/api.md ("Mutations, as an admin pastes them into the AppSync console"),
 * read from the doc itself so that the document cannot drift: every block, as written, in order, against
 * an API holding the demo season that `npm start` loads. A `# → id <name>` line after a mutation names
 * the id it returned, used for `<name>` in the mutations after it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { DEMO_ADMIN, demoUsername, loadDemoData } from '../../scripts/demo/load.ts';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { startTestApi, type TestApi } from '../support/local-api.ts';

interface Step {
  actor: string;
  document: string;
  /** Placeholder that takes the id this step returns. */
  binds?: string;
}

function walkthrough(): Step[] {
  const readme = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
  const start = readme.indexOf('## Mutations, as an admin pastes them');
  const section = readme.slice(start, readme.indexOf('Rules the mutations enforce', start));
  const steps: Step[] = [];
  for (const [, block] of section.matchAll(/```graphql\n([\s\S]*?)```/g)) {
    const actor = /^# as (.+)$/m.exec(block)?.[1];
    if (!actor) throw new Error(`a walkthrough block does not say who runs it:\n${block}`);
    for (const line of block.split('\n')) {
      if (line.startsWith('mutation')) steps.push({ actor, document: line });
      else if (/^# → id <(\w+)>/.test(line)) steps[steps.length - 1].binds = /^# → id <(\w+)>/.exec(line)![1];
      else if (!line.startsWith('#') && steps.length > 0) steps[steps.length - 1].document += `\n${line}`;
    }
  }
  return steps;
}

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await loadDemoData(api.app);
}, 240_000);

afterAll(async () => {
  await api?.close();
});

describe("README's admin walkthrough", () => {
  it('runs every step, in order, on the demo season', async () => {
    const steps = walkthrough();
    expect(steps.length).toBeGreaterThanOrEqual(10);
    const ids: Record<string, string> = {};
    let last: Record<string, any> = {};
    for (const step of steps) {
      const document = step.document.replace(/<(\w+)>/g, (_, name: string) => {
        if (!ids[name]) throw new Error(`<${name}> is used before a step returned it:\n${step.document}`);
        return ids[name];
      });
      const asAdmin = step.actor === 'the admin';
      const response = await api.request(asAdmin ? DEMO_ADMIN : step.actor, document, {}, asAdmin ? [ADMIN_GROUP] : []);
      expect(response.errors, document).toBeUndefined();
      last = response.data!;
      if (step.binds) ids[step.binds] = (Object.values(last)[0] as { id: string }).id;
    }
    // Standings move live: the provisional pass started by the last result may already have written
    // the player's standing (then the final pass has nothing left to change), or may not have yet.
    expect(last).toEqual({
      scoreEvent: { event: { state: 'SCORED' }, predictionsScored: 1, standingsUpdated: expect.any(Number) },
    });
    expect([0, 1]).toContain(last.scoreEvent.standingsUpdated);
    const { userProfile } = await api.data(
      demoUsername(0),
      '{ userProfile { standings { season points eventsPlayed } } }',
    );
    expect(userProfile.standings).toContainEqual(expect.objectContaining({ season: 2027, eventsPlayed: 1 }));
  }, 60_000);
});
