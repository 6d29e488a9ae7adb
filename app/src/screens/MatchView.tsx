/** One match of the card: its teams as a radio group for the pick, its points, championships and result. */
import type { ReactNode } from 'react';
import { matchTitle, resultText, teamLabel, type Match } from '@pickem/client/card';
import { pickOutcome } from '@pickem/client/outcome';

export function MatchView({
  match,
  pick,
  locked,
  onPick,
  children,
}: {
  match: Match;
  pick: number | undefined;
  locked: boolean;
  onPick: (team: number) => void;
  children?: ReactNode;
}) {
  const result = resultText(match);
  const outcome = pickOutcome(match, pick);
  const name = `pick-${match.id}`;
  return (
    <fieldset className="match" data-testid="match" data-match-id={match.id}>
      <legend>
        <span className="pos">{match.position}.</span> {matchTitle(match)}
      </legend>
      <p className="meta">
        <span>{match.points} pts</span>
        {match.preshow && <span className="tag">Preshow</span>}
        {match.championships.map((c) => (
          <span key={c} className="tag tag-title">
            {c}
          </span>
        ))}
      </p>
      <div className="teams">
        {match.teams.map((team, i) => (
          <label key={i} className={`team${match.result === i ? ' winner' : ''}`}>
            <input
              type="radio"
              name={name}
              value={i}
              checked={pick === i}
              disabled={locked}
              onChange={() => onPick(i)}
            />
            <span>
              <span className="team-name">
                {teamLabel(team)}
                {team.champion && <abbr title="champion"> (c)</abbr>}
              </span>
              {team.name && <span className="members">{team.members.join(', ')}</span>}
            </span>
          </label>
        ))}
      </div>
      <p className={`result${match.result == null ? ' no-winner' : ''}`} data-testid="result" aria-live="polite">
        {result}
      </p>
      {outcome && (
        <p className={`pick-outcome${outcome.won ? ' won' : ''}`} data-testid="pick-outcome">
          {outcome.text}
        </p>
      )}
      {children}
    </fieldset>
  );
}
