/**
 * Following an event live, as both apps' event screens do (`useEventCard` in @pickem/client/react
 * applies `applyEventUpdate` to the card on screen): asserted once here for both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Card } from '@pickem/client/card';
import { withMyFigures } from '@pickem/client/event-figures';
import { applyEventUpdate } from '@pickem/client/event-update';
import type { EventUpdate } from '@pickem/client/live';
import { repoRoot } from '../../project.ts';

const team = (name: string) => ({ __typename: 'Team' as const, name, members: [name], champion: false });
const match = (id: string, position: number) => ({
  __typename: 'Match' as const,
  id,
  eventId: 'e1',
  position,
  name: null,
  points: 10,
  preshow: false,
  championships: [],
  teams: [team(`A${position}`), team(`B${position}`)],
  result: null,
  outcome: null,
  method: null,
  pickShares: null,
});
const event = {
  __typename: 'Event' as const,
  id: 'e1',
  name: 'Full Gear',
  date: '2026-11-22',
  startsAt: '2026-11-22T20:00:00.000Z',
  state: 'BROADCAST' as const,
  season: 2026,
  matchCount: 2,
  rules: {
    __typename: 'ScoringRules' as const,
    joker: false,
    methodBonus: 0,
    underdogBonus: 0,
    underdogPercent: 0,
    titleChangeBonus: 0,
    perfectCardBonus: 0,
    tieBreakQuestion: null,
  },
  tieBreakAnswer: null,
  cardChanges: [],
};
const card = {
  __typename: 'EventCard',
  event,
  matches: [match('m1', 1), match('m2', 2)],
  questions: [
    {
      __typename: 'Question',
      id: 'q1',
      position: 1,
      kind: 'CHOICE',
      text: 'Who takes the fall?',
      options: ['A', 'B'],
      pickCount: 1,
      points: 3,
      closePoints: 0,
      closeRange: 0,
      answer: null,
      optionShares: null,
    },
  ],
  myPrediction: {
    __typename: 'Prediction',
    userId: 'me',
    points: 10,
    correct: 1,
    rank: 3,
    picks: [],
    scores: [
      { __typename: 'PickScore', matchId: 'm1', points: 10 },
      { __typename: 'PickScore', matchId: 'm2', points: 0 },
    ],
    cardBonus: 0,
    possiblePoints: 10,
  },
  leaderboard: null,
  leaderboardFinal: false,
} as unknown as Card;

const update = (fields: Partial<EventUpdate>): EventUpdate =>
  ({ __typename: 'EventUpdate', eventId: 'e1', readAt: '2026-11-22T21:00:00.000Z', event, ...fields }) as EventUpdate;

describe('applyEventUpdate: a live update on the card on screen', () => {
  it("a RESULT merges the match and drops that match's stale score (the pick's line is worked out until the next read)", () => {
    const changed = { ...match('m2', 2), result: 1, outcome: 'WIN' as const, method: 'PINFALL' as const };
    const applied = applyEventUpdate(card, update({ kind: 'RESULT', matchId: 'm2', match: changed }));
    expect(applied.card.matches[1]).toMatchObject({ id: 'm2', result: 1, outcome: 'WIN', method: 'PINFALL' });
    expect(applied.card.matches[0]).toBe(card.matches[0]);
    expect(applied.card.myPrediction!.scores.map((s) => s.matchId)).toEqual(['m1']);
    expect(applied.board).toBeNull();
    expect(applied.read).toBeNull();
  });

  it('a RESULT too big for a message reads the whole card again, and changes nothing itself', () => {
    const applied = applyEventUpdate(card, update({ kind: 'RESULT', matchId: 'm2', match: null }));
    expect(applied.read).toBe('card');
    expect(applied.card.matches).toEqual(card.matches);
    expect(applied.card.myPrediction).toEqual(card.myPrediction);
  });

  it("a LEADERBOARD replaces the board (final once scored) and reads the player's own figures again", () => {
    const rows = [
      { __typename: 'LeaderboardEntry', userId: 'u1', rank: 1, displayName: 'Tom', points: 20, correct: 2 },
    ];
    const scored = { ...event, state: 'SCORED' as const };
    const live = applyEventUpdate(card, update({ kind: 'LEADERBOARD', leaderboard: rows as never }));
    expect(live.board).toEqual({ rows, final: false });
    expect(live.read).toBe('mine');
    const final = applyEventUpdate(card, update({ kind: 'LEADERBOARD', event: scored, leaderboard: rows as never }));
    expect(final.board).toEqual({ rows, final: true });
    expect(final.card.event.state).toBe('SCORED');
  });

  it("a STATE update moves the event's state and reads nothing", () => {
    const applied = applyEventUpdate(card, update({ kind: 'STATE', event: { ...event, state: 'SCORED' } }));
    expect(applied.card.event.state).toBe('SCORED');
    expect(applied.read).toBeNull();
    expect(applied.board).toBeNull();
  });

  it("the player's figures read after a LEADERBOARD replace the stale ones and fill the pick shares and answers", () => {
    const after = withMyFigures(card, {
      __typename: 'EventCard',
      matches: [{ __typename: 'Match', id: 'm2', pickShares: [40, 60] }],
      questions: [
        {
          __typename: 'Question',
          id: 'q1',
          answer: { __typename: 'QuestionAnswer', options: [1], number: null, void: false },
          optionShares: [25, 75],
        },
      ],
      myPrediction: {
        __typename: 'Prediction',
        userId: 'me',
        points: 20,
        correct: 2,
        rank: 1,
        scores: [
          { __typename: 'PickScore', matchId: 'm1', points: 10 },
          { __typename: 'PickScore', matchId: 'm2', points: 10 },
        ],
        cardBonus: 0,
        possiblePoints: 0,
        questionScores: [{ __typename: 'QuestionScore', questionId: 'q1', points: 3 }],
      },
    });
    expect(after.myPrediction).toMatchObject({ points: 20, rank: 1, possiblePoints: 0 });
    expect(after.myPrediction!.questionScores).toEqual([{ __typename: 'QuestionScore', questionId: 'q1', points: 3 }]);
    expect(after.questions[0]).toMatchObject({ answer: { options: [1] }, optionShares: [25, 75] });
    expect(after.myPrediction!.scores).toHaveLength(2);
    expect(after.matches[1].pickShares).toEqual([40, 60]);
    expect(after.matches[0].pickShares).toBeNull();
  });
});

describe('both apps follow an event through the shared hooks', () => {
  const source = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
  const screens = ['app/src/screens/EventScreen.tsx', 'mobile/src/screens/EventScreen.tsx'];

  it.each(screens)('%s is useEventCard, and reads and follows the card nowhere else', (file) => {
    const text = source(file);
    expect(text).toMatch(/import \{[^}]*\buseEventCard\b[^}]*\} from '@pickem\/client\/react'/);
    expect(text).toMatch(/= useEventCard\(eventId\)/);
    expect(text).not.toMatch(/queries\.eventCard|useEventUpdates|followEvent|applyEventUpdate/);
  });

  it.each(screens)('%s saves picks through useSavePicks, and calls savePrediction nowhere else', (file) => {
    const text = source(file);
    expect(text).toMatch(/= useSavePicks\(event\.id, matches\.length, setCard\)/);
    expect(text).not.toMatch(/savePrediction|predictionToSave/);
  });

  it('neither app defines a hook of its own that the shared layer has', () => {
    for (const dir of ['app/src', 'mobile/src']) {
      const files = readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => path.join(repoRoot, dir, f));
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        expect(text, file).not.toMatch(
          /function (useNow|useEventUpdates|usePaged|useAction|useLoad|useEventCard|useSavePicks)\b/,
        );
      }
    }
  });
});
