import { describe, expect, it } from 'vitest';
import { fallQuestion } from '../../client/question-helpers.ts';
import { rulesText, type Rules } from '../../client/rules.ts';
import { questionFields } from '../../client/limits.ts';

const rules: Rules = {
  __typename: 'ScoringRules',
  joker: false,
  methodBonus: 0,
  underdogBonus: 0,
  underdogPercent: 30,
  titleChangeBonus: 0,
  perfectCardBonus: 0,
  tieBreakQuestion: null,
};

describe('who takes the fall', () => {
  it("fills a choice with every member of every side, a tag team's one by one, each once", () => {
    const fall = fallQuestion({
      name: null,
      position: 1,
      teams: [
        { __typename: 'Team', name: 'FTR', members: ['Dax Harwood', 'Cash Wheeler'], champion: true },
        { __typename: 'Team', name: null, members: ['Darby Allin'], champion: false },
        { __typename: 'Team', name: null, members: ['Darby Allin'], champion: false },
      ],
    });
    expect(fall).toEqual({
      text: 'Who takes the fall in FTR vs Darby Allin vs Darby Allin?',
      options: 'Dax Harwood\nCash Wheeler\nDarby Allin',
    });
    const checked = questionFields({ kind: 'CHOICE', text: fall.text, options: fall.options.split('\n'), points: 5 });
    expect(checked).toHaveProperty('fields');
  });

  it("keeps a Rumble's title within the API's 200 characters", () => {
    const teams = Array.from({ length: 30 }, (_, i) => ({
      __typename: 'Team' as const,
      name: null,
      members: [`Entrant number ${i + 1}`],
      champion: false,
    }));
    const fall = fallQuestion({ name: null, position: 2, teams });
    expect(fall.text.length).toBeLessThanOrEqual(200);
    expect(fall.text.endsWith('…?')).toBe(true);
    expect(fall.options.split('\n')).toHaveLength(30);
  });
});

describe('the rules text', () => {
  it('says how each kind of question the event asks is scored, and nothing without questions', () => {
    expect(rulesText(rules)).toHaveLength(1);
    const lines = rulesText(rules, [{ kind: 'MULTI' }, { kind: 'NUMBER' }]);
    expect(lines.slice(1)).toEqual([
      'Questions: each is scored with the card, worth the points shown with it.',
      'A several-option question earns its points for each option you picked that is in the answer.',
      'A number question earns its points when your number is exact, otherwise its close points when it is within its range (both ends count).',
      'A voided question earns nothing for anyone.',
    ]);
  });
});
