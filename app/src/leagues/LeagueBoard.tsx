/**
 * A league's board for one event: its members ranked by the points of the results entered so far,
 * each with their awards once scored, picks, jokers, finishes and tie-break guess (shown once they lock at the bell), the
 * picks marked right or wrong as results come in. The league's board is computed when it is read (exact
 * after each result), so each live update of the event (a result, a state change, a scoring pass)
 * reads it again; no reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { client, errorText, type EventState } from '../api.ts';
import { useEventUpdates } from '@pickem/client/react';
import { Awards } from '../Awards.tsx';
import { MemberRows } from '../MemberRow.tsx';
import { RankTable } from '../RankTable.tsx';
import { href } from '../route.ts';
import { StateBadge } from '../StateBadge.tsx';
import { PlayerAnswers } from '../PlayerAnswers.tsx';
import { PlayerPicks } from '../PlayerPicks.tsx';
import { TieBreakCaption, TieBreakGuess } from '../TieBreak.tsx';
import { tieBreakNotes } from '@pickem/client/board-picks';
import {
  leagueEventBoard,
  type BoardEvent,
  type BoardMatch,
  type BoardQuestionOf,
  type LeagueBoardRow,
} from './documents.ts';

export function LeagueBoard({
  leagueId,
  event,
  me,
  onStandingsMove,
}: {
  leagueId: string;
  event: { id: string; name: string; startsAt: string; state: EventState };
  me: string;
  /** Called on each live update that moves the season's standings (a LEADERBOARD, the event turning SCORED): the league's table reads them again. */
  onStandingsMove?: () => void;
}) {
  const [rows, setRows] = useState<LeagueBoardRow[] | null | undefined>(undefined);
  const [matches, setMatches] = useState<BoardMatch[]>([]);
  const [questions, setQuestions] = useState<BoardQuestionOf[]>([]);
  const [tieBreak, setTieBreak] = useState<BoardEvent | null>(null);
  const [state, setState] = useState(event.state);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current; // an older read that answers late is dropped
    try {
      const { data } = await client.graphql({ query: leagueEventBoard, variables: { leagueId, eventId: event.id } });
      if (call === latest.current) {
        setRows(data.league?.eventLeaderboard ?? null);
        setMatches(data.eventCard?.matches ?? []);
        setQuestions(data.eventCard?.questions ?? []);
        setTieBreak(data.eventCard?.event ?? null);
        setError(null);
      }
    } catch (err) {
      if (call === latest.current) setError(errorText(err));
    }
  }, [leagueId, event.id]);
  useEffect(() => {
    void load();
  }, [load]);
  // The picks show once they lock at the bell, and no live update is sent then: read again just after it.
  useEffect(() => {
    const untilBell = Date.parse(event.startsAt) - Date.now();
    if (rows !== null || untilBell < 0) return;
    const timer = setTimeout(() => void load(), untilBell + 1000);
    return () => clearTimeout(timer);
  }, [rows, event.startsAt, load]);
  const live = useEventUpdates(event.id, (update) => {
    setState(update.event.state);
    void load();
    if (update.kind === 'LEADERBOARD' || (update.kind === 'STATE' && update.event.state === 'SCORED'))
      onStandingsMove?.();
  });

  const notes = tieBreakNotes(rows ?? [], tieBreak);
  return (
    <section aria-labelledby="league-board-title">
      <h2 id="league-board-title">
        {event.name} <StateBadge state={state} />{' '}
        {state === 'BROADCAST' && <span className="badge badge-broadcast">Provisional</span>}
      </h2>
      <p className="muted">
        <a href={href.event(event.id)}>The event's card</a>
        {state === 'BROADCAST' && <span data-testid="league-live-status"> · Live updates: {live}</span>}
      </p>
      {error && <p role="alert">{error}</p>}
      {rows === undefined ? (
        !error && <p aria-busy="true">Loading…</p>
      ) : rows === null ? (
        <p>The members' picks show here once they lock at the bell.</p>
      ) : rows.length === 0 ? (
        <p>No member has picked this event.</p>
      ) : (
        <>
          <TieBreakCaption event={tieBreak} />
          <RankTable
            data-testid="league-board"
            aria-label={`League board, ${event.name}`}
            columns={['Rank', 'Player', { num: 'Correct' }, { num: 'Points' }]}
          >
            <MemberRows
              rows={rows}
              me={me}
              cells={(r) => [r.correct, r.points]}
              detail={(r) => (
                <>
                  <Awards awards={r.awards} testId="row-awards" />
                  <TieBreakGuess note={notes.get(r.userId)} question={tieBreak?.rules.tieBreakQuestion} />
                  <PlayerPicks matches={matches} picks={r.picks} label={`${r.displayName}'s picks`} />
                  <PlayerAnswers questions={questions} answers={r.answers} label={`${r.displayName}'s answers`} />
                </>
              )}
            />
          </RankTable>
        </>
      )}
    </section>
  );
}
