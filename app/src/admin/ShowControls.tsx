/** Admins during the show: start the broadcast (locks picks), enter each result, score the event. */
import { useState } from 'react';
import { client, mutations, type MatchOutcome } from '../api.ts';
import { teamLabel, type Card, type Match } from '@pickem/client/card';
import { useAction } from '../useAction.ts';

export function ShowControls({ event, onChange }: { event: Card['event']; onChange: () => Promise<void> }) {
  const { busy, status, run } = useAction();
  return (
    <section className="admin" aria-labelledby="show-title">
      <h2 id="show-title">Run the show</h2>
      {event.state === 'UPCOMING' ? (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run('Broadcast started: picks are locked.', async () => {
              await client.graphql({
                query: mutations.updateEvent,
                variables: { input: { id: event.id, state: 'BROADCAST' } },
              });
              await onChange();
            })
          }
        >
          Start the broadcast
        </button>
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
  onSet: (m: Pick<Match, 'id' | 'result' | 'outcome'>) => void;
}) {
  const [choice, setChoice] = useState<Choice>(choiceOf(match));
  const { busy, status, run } = useAction();
  const id = `result-${match.id}`;
  function set() {
    const winner = /^\d+$/.test(choice) ? Number(choice) : null;
    const outcome: MatchOutcome | null = winner !== null ? 'WIN' : choice === '' ? null : (choice as MatchOutcome);
    void run('Result saved.', async () => {
      const { data } = await client.graphql({
        query: mutations.setMatchResult,
        variables: { eventId, matchId: match.id, winner, outcome },
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
      <button type="button" disabled={busy} onClick={set}>
        Set result
      </button>
      <span role="status" className="muted">
        {status}
      </span>
    </div>
  );
}
