import { useState } from 'react';
import {
  answerLine,
  COMPACT_FROM,
  filterOptions,
  myOutcome,
  type DraftAnswer,
  type Question,
  type SavedAnswer,
} from '../questions.ts';

/** What a question's view on either app is given. */
export interface QuestionViewProps {
  question: Question;
  draft: DraftAnswer | undefined;
  onChange: (draft: DraftAnswer) => void;
  locked: boolean;
  /** The player's saved answers (what the outcome is worked out from). */
  saved: SavedAnswer[] | null | undefined;
}

/**
 * What a question's view shows: a long list (a Rumble's 30) is compact with a search box, the options
 * the search leaves, the options picked and whether a MULTI has all it may pick, the answer once set
 * and what the player earned.
 */
export function useQuestionAnswer(q: Question, draft: DraftAnswer | undefined, saved: QuestionViewProps['saved']) {
  const [search, setSearch] = useState('');
  const compact = q.options.length >= COMPACT_FROM;
  const picked = draft?.options ?? [];
  return {
    search,
    setSearch,
    compact,
    shown: filterOptions(q.options, compact ? search : ''),
    picked,
    full: q.kind === 'MULTI' && picked.length >= q.pickCount,
    answer: answerLine(q),
    outcome: myOutcome(q, saved),
  };
}
