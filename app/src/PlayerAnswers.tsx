/**
 * A player's answers to the event's questions, each with what it earned once answered: what a league
 * board and an event leaderboard row show under the player's picks once the picks lock.
 */
import { shownAnswers, type BoardQuestion } from '@pickem/client/board-picks';
import type { SavedAnswer } from '@pickem/client/questions';

export function PlayerAnswers({
  questions,
  answers,
  label,
}: {
  questions: BoardQuestion[];
  answers: SavedAnswer[] | null | undefined;
  label: string;
}) {
  if (questions.length === 0 || !answers) return null;
  return (
    <ul className="player-answers" aria-label={label}>
      {shownAnswers(questions, answers).map((line, i) => (
        <li key={i} data-testid="player-answer">
          {line}
        </li>
      ))}
    </ul>
  );
}
