/**
 * One match of the card: its teams as a radio group for the pick, its points, championships and
 * result; under the event's rules, the joker toggle and the finish to call, the picks' shares once
 * locked, and what the pick earned and why.
 */
import { useState, type ReactNode } from 'react';
import { matchTitle, newChampion, teamLabel, type Match } from '@pickem/client/card';
import { pickLine, resultLine } from '@pickem/client/pick-form';
import { COMPACT_FROM, filterOptions } from '@pickem/client/questions';
import { FINISH_METHODS, FINISH_NAMES, type Rules } from '@pickem/client/rules';
import type { FinishMethod } from '../api.ts';

export function MatchView({
  match,
  pick,
  locked,
  onPick,
  rules,
  method,
  onMethod,
  joker,
  onJoker,
  earnedPoints,
  children,
}: {
  match: Match;
  pick: number | undefined;
  locked: boolean;
  onPick: (team: number) => void;
  rules: Rules;
  method: FinishMethod | null;
  onMethod: (method: FinishMethod | null) => void;
  joker: boolean;
  onJoker: (on: boolean) => void;
  /** What the server scored for this match (the player's prediction's scores), null before. */
  earnedPoints: number | null;
  children?: ReactNode;
}) {
  const result = resultLine(match);
  const outcome = pickLine(
    match,
    pick,
    { joker: joker ? match.id : null, methods: { [match.id]: method ?? undefined }, tieBreak: '', answers: {} },
    rules,
    earnedPoints,
  );
  const name = `pick-${match.id}`;
  // A Rumble's 30 entrants: a compact list with a search box, not 30 full-width choices.
  const compact = match.teams.length >= COMPACT_FROM;
  const [search, setSearch] = useState('');
  const shown = filterOptions(match.teams.map(teamLabel), compact ? search : '');
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
      {compact && (
        <input
          className="question-search"
          type="search"
          placeholder="Search the entrants"
          aria-label={`Search the entrants: ${matchTitle(match)}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      {compact && pick !== undefined && match.teams[pick] && (
        <p className="muted" data-testid="your-pick">
          Your pick: {teamLabel(match.teams[pick])}
        </p>
      )}
      <div className={`teams${compact ? ' compact' : ''}`}>
        {shown
          .map((i) => [i, match.teams[i]] as const)
          .map(([i, team]) => (
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
                {match.pickShares && (
                  <span className="muted share" data-testid="pick-share">
                    {' '}
                    {match.pickShares[i]}% picked
                    <span className="share-bar" aria-hidden="true">
                      <span style={{ width: `${match.pickShares[i]}%` }} />
                    </span>
                  </span>
                )}
              </span>
            </label>
          ))}
      </div>
      {(rules.joker || rules.methodBonus > 0) && (
        <div className="pick-extras">
          {rules.joker && (
            <label>
              <input
                type="checkbox"
                checked={joker}
                disabled={locked || pick === undefined}
                onChange={(e) => onJoker(e.target.checked)}
              />{' '}
              Joker (×2)
            </label>
          )}
          {rules.methodBonus > 0 && (
            <label>
              Finish{' '}
              <select
                value={method ?? ''}
                disabled={locked || pick === undefined}
                onChange={(e) => onMethod(e.target.value === '' ? null : (e.target.value as FinishMethod))}
              >
                <option value="">Any finish</option>
                {FINISH_METHODS.map((f) => (
                  <option key={f} value={f}>
                    {FINISH_NAMES[f]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <p className={`result${match.result == null ? ' no-winner' : ''}`} data-testid="result" aria-live="polite">
        {result}
        {newChampion(match) && (
          <strong className="new-champion" data-testid="new-champion">
            {' '}
            NEW CHAMPION
          </strong>
        )}
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
