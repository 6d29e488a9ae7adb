/** Admins during the show: start the broadcast (locks picks), enter each result and question's answer, score the event. */
import { useState } from 'react';
import { client, mutations, type FinishMethod, type MatchOutcome } from '../api.ts';
import { teamLabel, type Card, type Match } from '@pickem/client/card';
import { FINISH_METHODS, FINISH_NAMES } from '@pickem/client/rules';
import { useAction, useNow } from '@pickem/client/react';
import { formatTime } from '@pickem/client/dates';
import { Confirmed } from '../Confirmed.tsx';
import { RulesFields, rulesFromForm } from './RulesFields.tsx';
import { QuestionAnswers } from './QuestionAnswers.tsx';

/** Until the bell: the event's scoring rules (the API refuses a change after it: RulesLocked). */
function RulesEditor({ event, onChange }: { event: Card['event']; onChange: () => Promise<void> }) {
  const { busy, status, run } = useAction();
  return (
    <form
      className="stack"
      aria-label="Scoring rules"
      onSubmit={(e) => {
        e.preventDefault();
        const rules = rulesFromForm(new FormData(e.currentTarget));
        void run('Rules saved.', async () => {
          await client.graphql({ query: mutations.updateEvent, variables: { input: { id: event.id, rules } } });
          await onChange();
        });
      }}
    >
      <RulesFields rules={event.rules} />
      <button type="submit" disabled={busy}>
        Save rules
      </button>
      <span role="status" className="muted">
        {status}
      </span>
    </form>
  );
}

/** Once the show is on: the answer to the tie-break question, needed before scoring. */
function TieBreakAnswer({ event, onChange }: { event: Card['event']; onChange: () => Promise<void> }) {
  const [answer, setAnswer] = useState(event.tieBreakAnswer == null ? '' : String(event.tieBreakAnswer));
  const { busy, status, run } = useAction();
  return (
    <p className="tie-break-answer">
      <label>
        Tie-break answer ({event.rules.tieBreakQuestion}){' '}
        <input type="number" min={0} step={1} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      </label>{' '}
      <button
        type="button"
        disabled={busy || answer.trim() === ''}
        onClick={() =>
          void run('Answer saved.', async () => {
            await client.graphql({
              query: mutations.setTieBreakAnswer,
              variables: { eventId: event.id, answer: Number(answer) },
            });
            await onChange();
          })
        }
      >
        Set answer
      </button>{' '}
      <span role="status" className="muted">
        {status}
      </span>
    </p>
  );
}

/**
 * Starting the broadcast locks every pick. Before the advertised bell the admin is asked first, with
 * how early that is: players may still be picking.
 */
function StartBroadcast({
  event,
  busy,
  start,
}: {
  event: Card['event'];
  busy: boolean;
  start: () => Promise<unknown>;
}) {
  const now = useNow(5_000);
  if (Date.parse(event.startsAt) <= now)
    return (
      <button type="button" disabled={busy} onClick={() => void start()}>
        Start the broadcast
      </button>
    );
  return (
    <>
      <p className="muted">The advertised bell is {formatTime(event.startsAt)}: starting now locks every pick early.</p>
      <Confirmed
        label="Start the broadcast"
        confirm="Yes, start now and lock picks early"
        busy={busy}
        onConfirm={start}
      />
    </>
  );
}

export function ShowControls({ event, onChange }: { event: Card['event']; onChange: () => Promise<void> }) {
  const { busy, status, run } = useAction();
  const start = () =>
    run('Broadcast started: picks are locked.', async () => {
      await client.graphql({
        query: mutations.updateEvent,
        variables: { input: { id: event.id, state: 'BROADCAST' } },
      });
      await onChange();
    });
  return (
    <section className="admin" aria-labelledby="show-title">
      <h2 id="show-title">Run the show</h2>
      {event.state === 'UPCOMING' && Date.parse(event.startsAt) > Date.now() && (
        <RulesEditor event={event} onChange={onChange} />
      )}
      {event.state !== 'UPCOMING' && event.rules.tieBreakQuestion && (
        <TieBreakAnswer event={event} onChange={onChange} />
      )}
      {event.state !== 'UPCOMING' && <QuestionAnswers eventId={event.id} onChange={onChange} />}
      {event.state === 'UPCOMING' ? (
        <StartBroadcast event={event} busy={busy} start={start} />
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(
              (finished: boolean) =>
                finished
                  ? 'Scored: the leaderboard is final.'
                  : 'Scoring goes on in the background (a large event): the leaderboard turns Final when it is done.',
              async () => {
                const { data } = await client.graphql({
                  query: mutations.scoreEvent,
                  variables: { eventId: event.id },
                });
                await onChange();
                return data.scoreEvent.finished;
              },
            )
          }
        >
          {event.state === 'SCORED' ? 'Score again' : 'Score the event'}
        </button>
      )}
      <p role="status">{status}</p>
    </section>
  );
}

type Choice = '' | `${number}` | Exclude<MatchOutcome, 'WIN'>;
const choiceOf = (m: Match): Choice =>
  m.outcome === 'DRAW' || m.outcome === 'NO_CONTEST' ? m.outcome : m.result != null ? `${m.result}` : '';

export function ResultControls({
  eventId,
  match,
  onSet,
}: {
  eventId: string;
  match: Match;
  onSet: (m: Pick<Match, 'id' | 'result' | 'outcome' | 'method'>) => void;
}) {
  const [choice, setChoice] = useState<Choice>(choiceOf(match));
  const [method, setMethod] = useState<FinishMethod | ''>(match.method ?? '');
  const { busy, status, run } = useAction();
  const id = `result-${match.id}`;
  function set() {
    const winner = /^\d+$/.test(choice) ? Number(choice) : null;
    const outcome: MatchOutcome | null = winner !== null ? 'WIN' : choice === '' ? null : (choice as MatchOutcome);
    void run('Result saved.', async () => {
      const { data } = await client.graphql({
        query: mutations.setMatchResult,
        variables: { eventId, matchId: match.id, winner, outcome, method: winner !== null && method ? method : null },
      });
      onSet(data.setMatchResult);
    });
  }
  return (
    <div className="result-controls">
      <label htmlFor={id}>Result</label>
      <select id={id} value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
        <option value="">No result</option>
        {match.teams.map((t, i) => (
          <option key={i} value={String(i)}>
            {teamLabel(t)} wins
          </option>
        ))}
        <option value="DRAW">Draw</option>
        <option value="NO_CONTEST">No contest</option>
      </select>
      <label htmlFor={`${id}-finish`}>Finish</label>
      <select
        id={`${id}-finish`}
        value={method}
        disabled={!/^\d+$/.test(choice)}
        onChange={(e) => setMethod(e.target.value as FinishMethod | '')}
      >
        <option value="">Not said</option>
        {FINISH_METHODS.map((f) => (
          <option key={f} value={f}>
            {FINISH_NAMES[f]}
          </option>
        ))}
      </select>
      <button type="button" disabled={busy} onClick={set}>
        Set result
      </button>
      <span role="status" className="muted">
        {status}
      </span>
    </div>
  );
}
