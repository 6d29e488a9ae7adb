import { describe, expect, it } from 'vitest';
import { picksLine, rowPicksText, shownPicks, tieBreakCaption, tieBreakNotes } from '@pickem/client/board-picks';

const team = (member: string) => ({ __typename: 'Team' as const, name: null, members: [member], champion: false });
const MATCHES = [
  { id: 'm1', position: 1, teams: [team('Will Ospreay'), team('Kenny Omega')], result: 1, outcome: 'WIN' as const },
  { id: 'm2', position: 2, teams: [team('Mercedes Moné'), team('Toni Storm')], result: null, outcome: null },
  { id: 'm3', position: 3, teams: [team('Swerve'), team('Hangman')], result: null, outcome: 'DRAW' as const },
];
const QUESTION = 'How many minutes will the main event last?';

describe("a friend's picks on a board", () => {
  const picks = [
    { matchId: 'm1', team: 1, method: 'SUBMISSION' as const, joker: true },
    { matchId: 'm2', team: 0, method: null, joker: false },
  ];

  it('names each pick with its joker and finish, marked as its match came out, and a match not picked', () => {
    expect(shownPicks(MATCHES, picks)).toEqual([
      { matchId: 'm1', position: 1, team: 'Kenny Omega', joker: true, finish: 'by submission', mark: 'right' },
      { matchId: 'm2', position: 2, team: 'Mercedes Moné', joker: false, finish: null, mark: 'open' },
      { matchId: 'm3', position: 3, team: null, joker: false, finish: null, mark: 'none' },
    ]);
  });

  it("reads on one line on a phone's board", () => {
    expect(picksLine(MATCHES, picks)).toBe('1. Kenny Omega, Joker ×2, by submission ✓ · 2. Mercedes Moné · 3. no pick');
    expect(picksLine(MATCHES, [{ matchId: 'm3', team: 0 }])).toBe('1. no pick · 2. no pick · 3. Swerve –');
  });
});

describe('the tie-break on a board', () => {
  const rows = [
    { userId: 'a', points: 30, tieBreak: 15 },
    { userId: 'b', points: 30, tieBreak: 21 },
    { userId: 'c', points: 30, tieBreak: null },
    { userId: 'd', points: 95, tieBreak: 40 },
  ];
  const asked = (answer: number | null) => ({ rules: { tieBreakQuestion: QUESTION }, tieBreakAnswer: answer });

  it('shows no guess when the event asks no question', () => {
    expect(tieBreakNotes(rows, { rules: { tieBreakQuestion: null }, tieBreakAnswer: null }).size).toBe(0);
    expect(tieBreakNotes(rows, null).size).toBe(0);
    expect(tieBreakCaption({ rules: { tieBreakQuestion: null } })).toBeNull();
  });

  it('shows each guess; before the answer, nothing is decided', () => {
    const notes = tieBreakNotes(rows, asked(null));
    expect([...notes.values()]).toEqual([
      { text: 'Tie-break: 15', decided: false },
      { text: 'Tie-break: 21', decided: false },
      { text: 'Tie-break: no guess', decided: false },
      { text: 'Tie-break: 40', decided: false },
    ]);
    expect(tieBreakCaption(asked(null))).toBe(
      `Tie-break: ${QUESTION} Players level on points are ranked by the closest guess once the answer is in.`,
    );
  });

  it('shows the answer beside the guesses that ranked players level on points', () => {
    const notes = tieBreakNotes(rows, asked(18));
    // a and b are 3 away: level with each other, but ahead of c (no guess); d is alone on 95.
    expect(notes.get('a')).toEqual({ text: 'Tie-break: 15 (answer 18)', decided: true });
    expect(notes.get('b')).toEqual({ text: 'Tie-break: 21 (answer 18)', decided: true });
    expect(notes.get('c')).toEqual({ text: 'Tie-break: no guess (answer 18)', decided: true });
    expect(notes.get('d')).toEqual({ text: 'Tie-break: 40', decided: false });
    // Two level players with guesses as close: the tie-break did not order them.
    const even = tieBreakNotes(rows.slice(0, 2), asked(18));
    expect(even.get('a')).toEqual({ text: 'Tie-break: 15', decided: false });
    expect(tieBreakCaption(asked(18))).toBe(
      `Tie-break: ${QUESTION} Answer: 18. Players level on points are ranked by the closest guess.`,
    );
  });

  it('orders no one before the points are in (the bell rung, not yet live)', () => {
    const notes = tieBreakNotes(
      rows.map((r) => ({ ...r, points: null })),
      asked(18),
    );
    expect(notes.get('c')).toEqual({ text: 'Tie-break: no guess', decided: false });
  });

  it("puts the guess above the picks under a phone's row, and nothing without either", () => {
    const notes = tieBreakNotes(rows, asked(18));
    expect(rowPicksText({ userId: 'a', picks: [{ matchId: 'm1', team: 1, joker: true }] }, MATCHES, notes)).toBe(
      'Tie-break: 15 (answer 18)\n1. Kenny Omega, Joker ×2 ✓ · 2. no pick · 3. no pick',
    );
    expect(rowPicksText({ userId: 'x', picks: [] }, MATCHES, new Map())).toBeNull();
  });

  it("puts a scored player's awards first under a phone's row, in honours.ts's words", () => {
    const row = { userId: 'a', picks: [{ matchId: 'm1', team: 1 }], awards: ['BOLDEST_CALL', 'TOP_SCORE'] as const };
    expect(rowPicksText(row, MATCHES, new Map())).toBe(
      'Top score · Boldest call\n1. Kenny Omega ✓ · 2. no pick · 3. no pick',
    );
    expect(rowPicksText({ userId: 'x', picks: [], awards: ['PERFECT_CARD'] }, MATCHES, new Map())).toBe('Perfect card');
    expect(rowPicksText({ userId: 'x', picks: [], awards: [] }, MATCHES, new Map())).toBeNull();
  });
});

describe("a friend's answers to the questions on a board", () => {
  const q = { position: 1, pickCount: 1, closePoints: 0, closeRange: 0 };
  const questions = [
    {
      ...q,
      id: 'c',
      kind: 'CHOICE' as const,
      text: 'Who takes the fall?',
      options: ['A', 'B'],
      points: 3,
      answer: null,
    },
    {
      ...q,
      id: 'm',
      position: 2,
      kind: 'MULTI' as const,
      text: 'The Final Four',
      options: ['W', 'X', 'Y', 'Z'],
      pickCount: 2,
      points: 5,
      answer: { __typename: 'QuestionAnswer' as const, options: [0, 1], number: null, void: false },
    },
    {
      ...q,
      id: 'n',
      position: 3,
      kind: 'NUMBER' as const,
      text: 'Entry number',
      options: [],
      points: 10,
      answer: { __typename: 'QuestionAnswer' as const, options: [], number: null, void: true },
    },
  ];
  const answers = [
    { questionId: 'm', options: [1, 3] },
    { questionId: 'n', options: [], number: 27 },
  ];

  it('words each answer, with what it earned once answered', () => {
    expect(rowPicksText({ userId: 'u', picks: [{ matchId: 'm1', team: 0 }], answers }, MATCHES, new Map(), questions))
      .toBe(`1. Will Ospreay ✗ · 2. no pick · 3. no pick
Who takes the fall?: no answer · The Final Four: X, Z (+5) · Entry number: 27 (voided)`);
  });
});
