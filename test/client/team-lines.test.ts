/** The card builder's team lines (issue 41): named tag teams and stables, champions, and a match read back for editing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTeams, teamLines } from '../../client/team-lines.ts';

describe("the card builder's team lines", () => {
  it('reads a named team, its members and the title', () => {
    expect(
      parseTeams('The Young Bucks: Matthew Jackson & Nicholas Jackson (c)\n Sting & Darby Allin \n\nSwerve'),
    ).toEqual([
      { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'], champion: true },
      { name: null, members: ['Sting', 'Darby Allin'], champion: false },
      { name: null, members: ['Swerve'], champion: false },
    ]);
  });

  it('writes a card back as lines that read as the same teams', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,14}[A-Za-z]$/);
    const team = fc.record({
      name: fc.option(word, { nil: null }),
      members: fc.array(word, { minLength: 1, maxLength: 4 }),
      champion: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(team, { minLength: 2, maxLength: 4 }), (teams) => {
        expect(parseTeams(teamLines(teams))).toEqual(teams);
      }),
    );
  });
});
