import { questionPoints, type QuestionPoints } from '@pickem/domain/questions';

type Scored = Parameters<typeof questionPoints>[1] & { text: string; pickCount: number };
type Answer = Parameters<typeof questionPoints>[0];

/** What an answer earned and why, as both apps show it: `+5: Final Four hit (2 of 4)`, `+4: within 2 of 27`. Null before the answer is set. */
export function questionOutcome(answer: Answer, question: Scored): string | null {
  const scored: QuestionPoints | null = questionPoints(answer, question);
  if (scored === null) return null;
  switch (scored.reason) {
    case 'VOID':
      return 'Voided';
    case 'MISS':
      return '0: missed';
    case 'EXACT':
      return `+${scored.points}: exact`;
    case 'CLOSE':
      return `+${scored.points}: within ${question.closeRange} of ${question.answer?.number ?? ''}`;
    case 'HITS':
      return `+${scored.points}: ${question.text} hit (${scored.hits} of ${question.pickCount})`;
    case 'RIGHT':
      return `+${scored.points}: right`;
  }
}
