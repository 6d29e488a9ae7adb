/**
 * A result entered between a final pass's last read of the card and its mark SCORED ("Hardening,
 * third pass", 9): the mark is conditioned on the card revision the pass read, so the event does not
 * end SCORED on a board one revision behind; the pass goes round again and says so (cardChanges).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { EVENT } from '@pickem/domain/entities/event';
import { Fixture, expectEventBoard, type EventSpec, type Picks } from './fixtures.ts';

let fx: Fixture;
let client: Awaited<ReturnType<typeof createTestTable>>['client'];
let tableName: string;

beforeEach(async () => {
  ({ client, tableName } = await createTestTable());
  fx = new Fixture(client, tableName);
});

const show: EventSpec = {
  id: 'race',
  date: '2025-05-05',
  state: 'BROADCAST',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 20, result: 1 },
  ],
};
const picks: Picks = { ann: { a: 0, b: 1 }, ben: { a: 1, b: 0 }, cat: { a: 0, b: 0 } };

describe('a result entered while the final pass marks the event SCORED', () => {
  it('is on the final board: the mark, conditioned on the card revision read, fails and the pass goes round again', async () => {
    await fx.event(show);
    await fx.predictions(show, picks);
    const corrected: EventSpec = { ...show, matches: [show.matches[0], { id: 'b', points: 20, result: 0 }] };
    let raced = 0;
    const scorer = createScorer({
      client,
      tableName,
      beforeMark: async () => {
        if (raced++ === 0) await fx.enterResult(show.id, corrected.matches[1]);
      },
    });
    const outcome = await scorer.scoreEvent(show.id);
    expect(outcome.error).toBeUndefined();
    await expectEventBoard(fx, corrected, picks, { final: true });
    expect(outcome).toMatchObject({ report: { event: { state: 'SCORED' }, finished: true, cardChanges: 1 } });
    const stored = await fx.get(EVENT.key(show.id));
    expect(stored).toMatchObject({ state: 'SCORED', cardRev: 1 });
  });
});
