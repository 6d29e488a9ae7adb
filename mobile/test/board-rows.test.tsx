/**
 * A board's rows on the phone (the event's leaderboard and a league's board share BoardRows), rendered
 * alone, without the local stack: under each player, once the picks lock, their tie-break guess and
 * their picks with the joker and the finish; the answer beside the guesses that ranked players level
 * on points; once scored, their awards.
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react-native';
import { BoardRows } from '../src/BoardRows';

const team = (member: string) => ({ __typename: 'Team' as const, name: null, members: [member], champion: false });
const MATCHES = [
  { id: 'm1', position: 1, teams: [team('Will Ospreay'), team('Kenny Omega')], result: 1, outcome: 'WIN' as const },
  { id: 'm2', position: 2, teams: [team('Mercedes Moné'), team('Toni Storm')], result: null, outcome: null },
];
const QUESTION = 'How many minutes will the main event last?';
const ROWS = [
  {
    userId: 'ann',
    rank: 1,
    displayName: 'Ann',
    points: 25,
    tieBreak: 15,
    picks: [
      { matchId: 'm1', team: 1, method: 'SUBMISSION' as const, joker: true },
      { matchId: 'm2', team: 0, method: null, joker: false },
    ],
  },
  { userId: 'bo', rank: 2, displayName: 'Bo', points: 25, tieBreak: 30, picks: [{ matchId: 'm1', team: 1 }] },
];

describe("a friend's joker, finish and tie-break guess on a phone's board", () => {
  it('shows them under each player, with the question and the answer that ranked the two level on 25', async () => {
    await render(
      <BoardRows
        rows={ROWS}
        matches={MATCHES}
        event={{ rules: { tieBreakQuestion: QUESTION }, tieBreakAnswer: 18 }}
        me="bo"
        testID="leaderboard-row"
      />,
    );
    expect(screen.getByTestId('tie-break-caption')).toHaveTextContent(
      `Tie-break: ${QUESTION} Answer: 18. Players level on points are ranked by the closest guess.`,
    );
    expect(screen.getAllByTestId('leaderboard-row').map((row) => row.props.children.join(''))).toEqual([
      '1. Ann · 25 pts',
      '2. Bo · 25 pts',
    ]);
    expect(screen.getAllByTestId('row-picks').map((row) => row.props.children)).toEqual([
      'Tie-break: 15 (answer 18)\n1. Kenny Omega, Joker ×2, by submission ✓ · 2. Mercedes Moné',
      'Tie-break: 30 (answer 18)\n1. Kenny Omega ✓ · 2. no pick',
    ]);
  });

  it('shows nothing under a player before the lock, and no tie-break when the event asks none', async () => {
    await render(
      <BoardRows
        rows={ROWS.map((r) => ({ ...r, picks: [], tieBreak: null }))}
        matches={MATCHES}
        event={{ rules: { tieBreakQuestion: null }, tieBreakAnswer: null }}
        testID="leaderboard-row"
      />,
    );
    expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(2);
    expect(screen.queryByTestId('row-picks')).toBeNull();
    expect(screen.queryByTestId('tie-break-caption')).toBeNull();
  });

  it("shows a scored player's awards above their picks, in the shared words", async () => {
    await render(
      <BoardRows
        rows={[
          { ...ROWS[1], tieBreak: null, awards: ['BOLDEST_CALL', 'TOP_SCORE'] },
          { ...ROWS[0], awards: [] },
        ]}
        matches={MATCHES}
        event={{ rules: { tieBreakQuestion: null }, tieBreakAnswer: null }}
        testID="leaderboard-row"
      />,
    );
    expect(screen.getAllByTestId('row-picks').map((row) => row.props.children)).toEqual([
      'Top score · Boldest call\n1. Kenny Omega ✓ · 2. no pick',
      '1. Kenny Omega, Joker ×2, by submission ✓ · 2. Mercedes Moné',
    ]);
  });
});
