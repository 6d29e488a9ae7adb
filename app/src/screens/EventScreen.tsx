/**
 * One event: its card in card order, the player's picks (saved until the bell), results and the
 * leaderboard as they happen (live updates), and for admins the tools of each stage.
 */
import { useState, type ComponentType } from 'react';
import type { Card, Match } from '@pickem/client/card';
import type { ShownBoard } from '@pickem/client/event-update';
import { useEventCard, useNow, useSavePicks, type EventCardState } from '@pickem/client/react';
import { useLeaveGuard } from '../route.ts';
import { lockWarning } from '@pickem/client/lock-warning';
import { countdown, formatTime } from '../hooks.ts';
import { rulesText } from '@pickem/client/rules';
import { extrasOf, sameExtras, samePicks, withJoker, type Extras } from '@pickem/client/pick-form';
import { StateBadge } from '../StateBadge.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { MatchView } from './MatchView.tsx';
import { CardChangeNotice } from '../CardChangeNotice.tsx';
import { untouchedPicks } from '@pickem/client/card-change';
import { QuestionView } from './QuestionView.tsx';
import { ShareButton } from '../ShareButton.tsx';

/** An admin's tools on the card, given by App.tsx (from admin/): a feature does not import another. */
export interface EventAdminTools {
  CardBuilder: ComponentType<{ card: Card; onChange: () => Promise<void> }>;
  ResultControls: ComponentType<{
    eventId: string;
    match: Match;
    onSet: (m: Pick<Match, 'id' | 'result' | 'outcome' | 'method'>) => void;
  }>;
  ShowControls: ComponentType<{ event: Card['event']; onChange: () => Promise<void> }>;
}

/** `me`: the signed-in player's id; `admin`: the admin tools for an admin, null for a player. */
export function EventScreen({ eventId, me, admin }: { eventId: string; me: string; admin: EventAdminTools | null }) {
  const { card, board, error, live, reload, setCard } = useEventCard(eventId);
  if (card === undefined) return error ? <p role="alert">{error}</p> : <p aria-busy="true">Loading…</p>;
  if (card === null) return <p role="alert">No such event.</p>;
  return <CardView card={card} board={board} live={live} me={me} admin={admin} reload={reload} setCard={setCard} />;
}

function CardView({
  card,
  board,
  live,
  me,
  admin,
  reload,
  setCard,
}: {
  card: Card;
  board: ShownBoard | null;
  live: string;
  me: string;
  admin: EventAdminTools | null;
  reload: () => Promise<void>;
  setCard: EventCardState['setCard'];
}) {
  const { event, matches, questions } = card;
  const now = useNow();
  const bell = Date.parse(event.startsAt);
  const left = event.state === 'UPCOMING' ? countdown(bell, now) : null;
  const locked = left === null;
  /** The picks as saved (on load, or by Save picks since), and as the radios show them now. */
  const [savedPicks, setSavedPicks] = useState<Record<string, number>>(() =>
    Object.fromEntries(untouchedPicks(event.cardChanges, card.myPrediction).map((p) => [p.matchId, p.team])),
  );
  const [picks, setPicks] = useState(savedPicks);
  const rules = event.rules;
  /** The joker's match, each pick's finish and the tie-break guess, as saved and as shown now. */
  const [savedExtras, setSavedExtras] = useState<Extras>(() => extrasOf(card.myPrediction));
  const [extras, setExtras] = useState<Extras>(savedExtras);
  const unsaved = !locked && matches.length > 0 && (!samePicks(picks, savedPicks) || !sameExtras(extras, savedExtras));
  const scores = Object.fromEntries((card.myPrediction?.scores ?? []).map((s) => [s.matchId, s.points]));
  useLeaveGuard(unsaved ? 'Your picks have unsaved changes. Leave this page without saving them?' : null);
  const [saved, setSaved] = useState<string | null>(card.myPrediction?.updatedAt ?? null);
  const warning = lockWarning(
    { state: event.state, startsAt: event.startsAt, matchCount: matches.length },
    Object.keys(savedPicks).length,
    now,
  );
  const { save: savePicks, saving, status } = useSavePicks(event.id, matches.length, setCard);

  async function save() {
    const done = await savePicks(picks, extras, rules, questions);
    if (!done) return;
    setSaved(done.updatedAt);
    setSavedPicks(Object.fromEntries(done.picks.map((p) => [p.matchId, p.team])));
    setSavedExtras(extrasOf(done));
  }

  return (
    <article aria-labelledby="event-title">
      <header className="event-head">
        <h1 id="event-title">{event.name}</h1>
        <p className="muted">
          {formatTime(event.startsAt)} <StateBadge state={event.state} />
        </p>
        {warning !== null && (
          <p className="lock-warning" role="status" data-testid="lock-warning">
            {warning}
          </p>
        )}
        <CardChangeNotice card={card} />
        {left !== null ? (
          <p className="bell" role="timer" aria-live="off">
            Picks lock in <strong data-testid="countdown">{left}</strong>
          </p>
        ) : (
          <p className="bell locked" data-testid="locked">
            Picks are locked{event.state === 'UPCOMING' ? ': the bell has rung' : ''}.
          </p>
        )}
        {event.state === 'BROADCAST' && (
          <p className="muted" data-testid="live-status">
            Live updates: {live}
          </p>
        )}
        <details className="rules" data-testid="rules" open={event.state === 'UPCOMING'}>
          <summary>How this event is scored</summary>
          <ul>
            {rulesText(rules, questions).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
        {/* At the top, above a long card: where the player stands while the results come in. */}
        {card.myPrediction?.points != null && (
          <p className="my-points" data-testid="my-points">
            Your points: <strong>{card.myPrediction.points}</strong> ({card.myPrediction.correct} correct, rank{' '}
            {card.myPrediction.rank})
            {card.myPrediction.cardBonus > 0 && <> including the perfect card's +{card.myPrediction.cardBonus}</>}
            {card.myPrediction.possiblePoints != null && (
              <span data-testid="my-possible">; still possible: +{card.myPrediction.possiblePoints}</span>
            )}
          </p>
        )}
        {card.myPrediction?.shareUrl && (
          <ShareButton
            prediction={{ ...card.myPrediction, eventName: event.name, shareUrl: card.myPrediction.shareUrl }}
          />
        )}
      </header>

      {/* The card is built until the bell: after it the picks are shown, and a match added then could not be picked. */}
      {admin && event.state === 'UPCOMING' && !locked && <admin.CardBuilder card={card} onChange={reload} />}
      {admin && event.state === 'UPCOMING' && locked && (
        <p className="muted" data-testid="card-locked">
          The bell has rung: the card is locked. Start the broadcast to enter results.
        </p>
      )}

      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label="Your picks"
      >
        <ol className="matches">
          {matches.map((m) => (
            <li key={m.id}>
              <MatchView
                match={m}
                pick={picks[m.id]}
                locked={locked}
                onPick={(team) => setPicks((p) => ({ ...p, [m.id]: team }))}
                rules={rules}
                method={extras.methods[m.id] ?? null}
                onMethod={(method) =>
                  setExtras((x) => ({ ...x, methods: { ...x.methods, [m.id]: method ?? undefined } }))
                }
                joker={extras.joker === m.id}
                onJoker={(on) => setExtras((x) => withJoker(x, m.id, on))}
                earnedPoints={Object.hasOwn(scores, m.id) ? scores[m.id] : null}
              >
                {admin && event.state !== 'UPCOMING' && (
                  <admin.ResultControls
                    eventId={event.id}
                    match={m}
                    onSet={(changed) =>
                      setCard((old) => ({
                        ...old,
                        matches: old.matches.map((x) => (x.id === changed.id ? { ...x, ...changed } : x)),
                      }))
                    }
                  />
                )}
              </MatchView>
            </li>
          ))}
        </ol>
        {matches.length === 0 && <p>The card is not out yet.</p>}
        {questions.length > 0 && matches.length > 0 && (
          <section className="questions" aria-labelledby="questions-title">
            <h2 id="questions-title">Questions</h2>
            <ol className="matches">
              {questions.map((q) => (
                <li key={q.id}>
                  <QuestionView
                    question={q}
                    draft={extras.answers[q.id]}
                    onChange={(draft) => setExtras((x) => ({ ...x, answers: { ...x.answers, [q.id]: draft } }))}
                    locked={locked}
                    saved={card.myPrediction?.answers}
                  />
                </li>
              ))}
            </ol>
          </section>
        )}
        {rules.tieBreakQuestion && matches.length > 0 && (
          <p className="tie-break">
            <label>
              Tie-break: {rules.tieBreakQuestion}{' '}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={extras.tieBreak}
                disabled={locked}
                onChange={(e) => setExtras((x) => ({ ...x, tieBreak: e.target.value }))}
              />
            </label>
            {event.tieBreakAnswer != null && <span className="muted"> Answer: {event.tieBreakAnswer}</span>}
          </p>
        )}
        {!locked && matches.length > 0 && (
          <div className="actions">
            <button type="submit" className="primary" disabled={saving}>
              Save picks
            </button>
            {saved && <span className="muted">Last saved {formatTime(saved)}</span>}
          </div>
        )}
        {/* Once locked, a saved-picks line would read as if picks could still change; an error stays. */}
        {/* A pick changed since the last save reads as unsaved, not as the saved line before it. */}
        <p role="status" className={status?.error ? 'error' : undefined}>
          {status?.error
            ? status.text
            : unsaved
              ? 'Unsaved changes: Save picks to keep them.'
              : !locked
                ? status?.text
                : null}
        </p>
      </form>

      {admin && <admin.ShowControls event={event} onChange={reload} />}

      {board && (
        <Leaderboard
          rows={board.rows}
          final={board.final}
          me={me}
          event={event}
          matches={matches}
          questions={card.questions}
        />
      )}
    </article>
  );
}
