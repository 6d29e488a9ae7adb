/**
 * A player's picks on an event's card, in card order, each marked right, wrong or voided once its match
 * has a result: what a league board, an event leaderboard row and another player's history show once the
 * event's picks have locked (the server sends no one else's picks before).
 */
import { teamLabel, type Match } from '@pickem/client/card';
import { pickMark } from '@pickem/client/outcome';

export interface ShownPick {
  matchId: string;
  team: number;
}

type PickMatch = Pick<Match, 'id' | 'position' | 'teams' | 'result' | 'outcome'>;

const MARK = { right: '✓', wrong: '✗', voided: '–', open: '' } as const;
const MARK_TEXT = { right: 'right', wrong: 'wrong', voided: 'voided, no points', open: 'no result yet' } as const;

export function PlayerPicks({ matches, picks, label }: { matches: PickMatch[]; picks: ShownPick[]; label: string }) {
  const byMatch = new Map(picks.map((p) => [p.matchId, p.team]));
  return (
    <ol className="player-picks" aria-label={label}>
      {matches.map((m) => {
        const team = byMatch.get(m.id);
        if (team === undefined || !m.teams[team])
          return (
            <li key={m.id} className="pick-none" data-testid="player-pick" data-mark="none">
              <span className="pos">{m.position}.</span> no pick
            </li>
          );
        const mark = pickMark(m, team);
        const name = teamLabel(m.teams[team]);
        return (
          <li
            key={m.id}
            className={`pick-${mark}`}
            data-testid="player-pick"
            data-mark={mark}
            title={`Match ${m.position}: ${name}, ${MARK_TEXT[mark]}`}
          >
            <span className="pos">{m.position}.</span> {name}
            {mark !== 'open' && (
              <>
                {' '}
                <span aria-hidden="true">{MARK[mark]}</span>
                <span className="visually-hidden">({MARK_TEXT[mark]})</span>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
