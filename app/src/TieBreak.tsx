/** A board's tie-break: the question and answer under its title, and each player's guess beside their name. */
import { tieBreakCaption, type TieBreakEvent, type TieBreakNote } from '@pickem/client/board-picks';

export function TieBreakCaption({ event }: { event: TieBreakEvent | null }) {
  const caption = tieBreakCaption(event);
  return (
    caption && (
      <p className="muted tie-break-caption" data-testid="tie-break-caption">
        {caption}
      </p>
    )
  );
}

/** The guess (tieBreakNotes), the question in its tooltip; marked where it ranked players level on points. */
export function TieBreakGuess({
  note,
  question,
}: {
  note: TieBreakNote | undefined;
  question: string | null | undefined;
}) {
  if (!note) return null;
  return (
    <>
      {' '}
      <span
        className={note.decided ? 'tie-break-guess decided' : 'tie-break-guess'}
        data-testid="tie-break-guess"
        data-decided={note.decided ? 'true' : undefined}
        title={question ?? undefined}
      >
        {note.text}
      </span>
    </>
  );
}
