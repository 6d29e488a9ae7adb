/**
 * A live pass re-scores the board's own rows (card.ts rescoredRow): it keeps their stored picks,
 * finishes, joker and answers rather than encoding them again. Over any card, questions, rules and
 * player, the row it gives is the row eventRow gives the player the row holds, and the row eventRow
 * gives the player themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardMatch, BoardQuestion, EventRow } from '@pickem/domain/entities/board';
import type { AnswerItem, PickItem } from '@pickem/domain/entities/prediction';
import { DEFAULT_RULES, FINISH_METHODS } from '@pickem/domain/rules';
import type { EventItem } from '@pickem/domain/entities/event';
import { EVERY_RULE_ON } from '../../scripts/demo/rules.ts';
import { cardScoring, eventRow, rescoredRow, rowPlayer } from '../../amplify/functions/score-event/card.ts';

const match = (m: number) =>
  fc.record({
    teams: fc.integer({ min: 2, max: 4 }),
    points: fc.integer({ min: 0, max: 30 }),
    result: fc.option(fc.nat(), { nil: null }),
    method: fc.option(fc.constantFrom(...FINISH_METHODS), { nil: null }),
    titleChange: fc.boolean(),
    picked: fc.array(fc.nat({ max: 50 }), { minLength: 4, maxLength: 4 }),
    id: fc.constant(`m${m}`),
  });

const question = (q: number) =>
  fc.record({
    kind: fc.constantFrom('CHOICE', 'MULTI', 'NUMBER' as const),
    options: fc.integer({ min: 2, max: 8 }),
    points: fc.integer({ min: 0, max: 10 }),
    closePoints: fc.integer({ min: 0, max: 4 }),
    closeRange: fc.integer({ min: 0, max: 3 }),
    answer: fc.oneof(
      fc.constant(null),
      fc.constant('void' as const),
      fc.record({
        options: fc.uniqueArray(fc.nat({ max: 7 }), { maxLength: 3 }),
        number: fc.integer({ min: 0, max: 30 }),
      }),
    ),
    id: fc.constant(`q${q}`),
  });

const world = fc
  .record({
    matches: fc.integer({ min: 1, max: 6 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, m) => match(m)))),
    questions: fc
      .integer({ min: 0, max: 4 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, q) => question(q)))),
    everyRule: fc.boolean(),
    seed: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
    tieBreak: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  })
  .map(({ matches, questions, everyRule, seed, tieBreak }) => {
    const at = (i: number) => seed[i % seed.length];
    const boardCard = (decided: boolean): BoardMatch[] =>
      matches.map((m) => {
        const winner = decided && m.result !== null ? m.result % m.teams : null;
        return [
          m.id,
          m.points,
          winner,
          winner === null ? null : m.method,
          winner !== null && m.titleChange,
          m.titleChange ? [1] : [],
          winner !== null,
          m.picked.slice(0, m.teams),
        ];
      });
    const boardQuestions = (answered: boolean): BoardQuestion[] =>
      questions.map((q, position) => ({
        id: q.id,
        position: position + 1,
        kind: q.kind,
        points: q.points,
        closePoints: q.kind === 'NUMBER' ? q.closePoints : 0,
        closeRange: q.kind === 'NUMBER' ? q.closeRange : 0,
        answer:
          !answered || q.answer === null
            ? null
            : q.answer === 'void'
              ? { options: [], number: null, void: true }
              : q.kind === 'NUMBER'
                ? { options: [], number: q.answer.number, void: false }
                : { options: q.answer.options.filter((o) => o < q.options), number: null, void: false },
        picked: q.kind === 'NUMBER' ? null : Array.from({ length: q.options }, () => 1),
      }));
    // One pick a match or none, a finish or none, at most one joker; an answer a question or none.
    const joker = at(0) % (matches.length + 1);
    const picks: PickItem[] = [];
    matches.forEach((m, i) => {
      if (at(i + 1) % 5 === 0) return;
      const pick: PickItem = { matchId: m.id, team: at(i + 2) % m.teams };
      if (at(i + 3) % 3 === 0) pick.method = FINISH_METHODS[at(i + 3) % FINISH_METHODS.length];
      if (joker === i) pick.joker = true;
      picks.push(pick);
    });
    const answers: AnswerItem[] = [];
    questions.forEach((q, i) => {
      if (at(i + 7) % 4 === 0) return;
      if (q.kind === 'NUMBER') answers.push({ questionId: q.id, options: [], number: at(i + 8) % 30 });
      else {
        const count = q.kind === 'CHOICE' ? 1 : 1 + (at(i + 8) % q.options);
        const options = Array.from({ length: q.options }, (_, o) => o).slice(at(i + 9) % q.options);
        answers.push({ questionId: q.id, options: options.slice(0, count), number: null });
      }
    });
    const event = { id: 'e1', rules: everyRule ? EVERY_RULE_ON : DEFAULT_RULES } as unknown as EventItem;
    const player = { userId: 'u1', displayName: 'Player', picks, tieBreak, answers, savedAtMs: 1_760_000_000_000 };
    return {
      atBell: cardScoring(boardCard(false), event, boardQuestions(false)),
      now: cardScoring(boardCard(true), event, boardQuestions(true)),
      player,
    };
  });

describe("a live pass's re-scored row", () => {
  it("is eventRow's row of the player it holds, and of the player themselves", () => {
    fc.assert(
      fc.property(world, ({ atBell, now, player }) => {
        const head = { card: atBell.card, questions: atBell.questions };
        const row = eventRow(player, atBell);
        const rescored = rescoredRow(head, row, now);
        expect(rescored).toEqual(eventRow(rowPlayer(head, row), now));
        expect(rescored).toEqual(eventRow(player, now));
      }),
      { numRuns: 500 },
    );
  });

  it('is made again in full from a row of fewer fields (a head written before answers)', () => {
    fc.assert(
      fc.property(world, ({ atBell, now, player }) => {
        const head = { card: atBell.card, questions: atBell.questions };
        const row = eventRow(player, atBell).slice(0, 11) as EventRow;
        const rescored = rescoredRow(head, row, now);
        expect(rescored).toHaveLength(12);
        expect(rescored).toEqual(eventRow(rowPlayer(head, row), now));
      }),
      { numRuns: 100 },
    );
  });
});
