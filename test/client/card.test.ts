import { describe, expect, it } from 'vitest';
import { matchTitle, resultText, teamLabel } from '@pickem/client/card';

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
