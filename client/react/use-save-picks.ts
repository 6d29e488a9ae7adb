import { useRef, useState } from 'react';
import { generateClient } from 'aws-amplify/api';
import type { Card } from '../card.ts';
import { savePrediction } from '../graphql/mutations.ts';
import type { SavePredictionMutation } from '../graphql/types.ts';
import { errorText } from '../messages.ts';
import { predictionToSave, type Extras } from '../pick-form.ts';
import type { Question } from '../questions.ts';
import type { Rules } from '../rules.ts';

export type SavedPrediction = NonNullable<SavePredictionMutation['savePrediction']>;

/**
 * Saving the player's picks on an event screen: the call, the card told of the saved prediction (the
 * leaderboard's mark, the player's figures), and the status line. Both apps' event screens use it.
 */
export function useSavePicks(eventId: string, matchCount: number, setCard: (update: (old: Card) => Card) => void) {
  const client = useRef(generateClient()).current;
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  /** Resolves to what was saved, or null when the API refused it (the status line says why). */
  async function save(
    picks: Record<string, number>,
    extras: Extras,
    rules: Rules,
    questions: Question[] = [],
  ): Promise<SavedPrediction | null> {
    const toSave = predictionToSave(picks, extras, rules, questions);
    if ('error' in toSave) {
      setStatus({ text: toSave.error, error: true });
      return null;
    }
    const { picks: chosen, tieBreak, answers } = toSave;
    setSaving(true);
    try {
      const { data } = await client.graphql({
        query: savePrediction,
        variables: { eventId, picks: chosen, tieBreak, ...(questions.length > 0 ? { answers } : {}) },
      });
      setCard((old) => ({ ...old, myPrediction: { ...old.myPrediction, ...data.savePrediction } }));
      const answered = questions.length > 0 ? `, ${answers.length} of ${questions.length} questions answered` : '';
      setStatus({ text: `Picks saved (${chosen.length} of ${matchCount}${answered}).`, error: false });
      return data.savePrediction;
    } catch (err) {
      setStatus({ text: errorText(err), error: true });
      return null;
    } finally {
      setSaving(false);
    }
  }
  return { save, saving, status };
}
