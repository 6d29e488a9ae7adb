import type { RulesItem } from '@pickem/domain/rules';

/**
 * Every wrestling rule on (issue 31): the demo's live event, the benchmarks' `--rules on`, and the tests
 * that play every rule at once.
 */
export const EVERY_RULE_ON: RulesItem = {
  joker: true,
  methodBonus: 5,
  underdogBonus: 15,
  underdogPercent: 30,
  titleChangeBonus: 10,
  perfectCardBonus: 25,
  tieBreakQuestion: 'How many minutes will the main event last?',
};
