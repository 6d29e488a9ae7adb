/** The scoring rules' inputs of the admin's forms (create an event, edit its rules until the bell). */
import type { Rules } from '@pickem/client/rules';
import type { ScoringRulesInput } from '../api.ts';

const BONUSES = [
  ['methodBonus', 'Finish bonus (points for also calling the finish; 0: off)'],
  ['underdogBonus', 'Underdog bonus (0: off)'],
  ['underdogPercent', 'Underdog: picked by fewer than this % of players'],
  ['titleChangeBonus', 'Title change bonus (0: off)'],
  ['perfectCardBonus', 'Perfect card bonus (0: off)'],
] as const;

/** The rules as a form's inputs, filled with `rules` (defaults: every rule off). */
export function RulesFields({ rules }: { rules: Rules | null }) {
  return (
    <fieldset className="stack rules-fields">
      <legend>Scoring rules</legend>
      <label className="check">
        <input type="checkbox" name="joker" defaultChecked={rules?.joker ?? false} /> Joker: one match a card doubled (a
        wrong joker loses the match's points)
      </label>
      {BONUSES.map(([name, label]) => (
        <label key={name}>
          {label}
          <input
            name={name}
            type="number"
            min={name === 'underdogPercent' ? 1 : 0}
            max={name === 'underdogPercent' ? 99 : 1000}
            step={1}
            defaultValue={rules ? rules[name] : name === 'underdogPercent' ? 30 : 0}
          />
        </label>
      ))}
      <label>
        Tie-break question (empty: none)
        <input name="tieBreakQuestion" maxLength={200} defaultValue={rules?.tieBreakQuestion ?? ''} />
      </label>
    </fieldset>
  );
}

/** The rules a form holds, as the API takes them. */
export function rulesFromForm(f: FormData): ScoringRulesInput {
  const num = (name: string) => Number(f.get(name) ?? 0);
  return {
    joker: f.get('joker') === 'on',
    methodBonus: num('methodBonus'),
    underdogBonus: num('underdogBonus'),
    underdogPercent: num('underdogPercent'),
    titleChangeBonus: num('titleChangeBonus'),
    perfectCardBonus: num('perfectCardBonus'),
    tieBreakQuestion: String(f.get('tieBreakQuestion') ?? ''),
  };
}
