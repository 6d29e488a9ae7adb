/**
 * A player's picks on an event's card, in card order, each with its joker and finish and marked right,
 * wrong or voided once its match has a result: what a league board, an event leaderboard row and
 * another player's history show once the event's picks have locked (the server sends no one else's
 * picks before). The player's tie-break guess goes beside their name (TieBreak.tsx).
 */
import {
  JOKER_TEXT,
  MARK_SIGN,
  pickExtras,
  shownPicks,
  type BoardPick,
  type BoardPickMatch,
} from '@pickem/client/board-picks';

const MARK_TEXT = { right: 'right', wrong: 'wrong', voided: 'voided, no points', open: 'no result yet' } as const;

export function PlayerPicks({
  matches,
  picks,
  label,
}: {
  matches: BoardPickMatch[];
  picks: BoardPick[];
  label: string;
}) {
  return (
    <ol className="player-picks" aria-label={label}>
      {shownPicks(matches, picks).map((p) => {
        if (p.mark === 'none')
          return (
            <li key={p.matchId} className="pick-none" data-testid="player-pick" data-mark="none">
              <span className="pos">{p.position}.</span> no pick
            </li>
          );
        return (
          <li
            key={p.matchId}
            className={`pick-${p.mark}`}
            data-testid="player-pick"
            data-mark={p.mark}
            title={[`Match ${p.position}: ${p.team}`, ...pickExtras(p), MARK_TEXT[p.mark]].join(', ')}
          >
            <span className="pos">{p.position}.</span> {p.team}
            {p.joker && (
              <>
                {' '}
                <span className="pick-joker" data-testid="pick-joker">
                  {JOKER_TEXT}
                </span>
              </>
            )}
            {p.finish && (
              <>
                {' '}
                <span className="pick-finish" data-testid="pick-finish">
                  {p.finish}
                </span>
              </>
            )}
            {p.mark !== 'open' && (
              <>
                {' '}
                <span aria-hidden="true">{MARK_SIGN[p.mark]}</span>
                <span className="visually-hidden">({MARK_TEXT[p.mark]})</span>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
