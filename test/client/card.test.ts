import { describe, expect, it } from 'vitest';
import { matchTitle, resultText, teamLabel, withResult } from '@pickem/client/card';

describe("a match's texts on the card", () => {
  const teams = [
    { __typename: 'Team' as const, name: null, members: ['Sting', 'Darby Allin'], champion: true },
    {
      __typename: 'Team' as const,
      name: 'The Young Bucks',
      members: ['Matthew Jackson', 'Nicholas Jackson'],
      champion: false,
    },
  ];

  it('names a team by its name, else its members; a match by its name, else its teams', () => {
    expect(teamLabel(teams[0])).toBe('Sting & Darby Allin');
    expect(teamLabel(teams[1])).toBe('The Young Bucks');
    expect(matchTitle({ name: null, position: 1, teams })).toBe('Sting & Darby Allin vs The Young Bucks');
    expect(matchTitle({ name: 'Tag titles', position: 1, teams })).toBe('Tag titles');
  });

  it('says the result: a winner (team 0 included), a draw, a no contest, or nothing yet', () => {
    expect(resultText({ result: 0, outcome: 'WIN', teams })).toBe('Winner: Sting & Darby Allin');
    expect(resultText({ result: null, outcome: 'DRAW', teams })).toBe('Draw');
    expect(resultText({ result: null, outcome: 'NO_CONTEST', teams })).toBe('No contest');
    expect(resultText({ result: null, outcome: null, teams })).toBeNull();
  });
});

describe('a live result merged into the card', () => {
  const open = { id: 'm1', result: null, outcome: null, method: null, pickShares: null, name: 'kept' };
  const other = { ...open, id: 'm2' };

  it("sets that match's result, outcome and finish, and the shares once counted; leaves the others", () => {
    const merged = withResult([open, other], {
      id: 'm1',
      result: 1,
      outcome: 'WIN',
      method: 'SUBMISSION',
      pickShares: [40, 60],
    });
    expect(merged).toEqual([{ ...open, result: 1, outcome: 'WIN', method: 'SUBMISSION', pickShares: [40, 60] }, other]);
  });

  it('keeps the shares it had when the update carries none', () => {
    const counted = { ...open, pickShares: [50, 50] };
    expect(withResult([counted], { id: 'm1', result: 0, outcome: 'WIN', method: null })[0].pickShares).toEqual([
      50, 50,
    ]);
  });
});
