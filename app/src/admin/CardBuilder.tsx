/** Admins, before the bell: add matches to the card, edit them, move them up or down, remove them (asked twice). */
import { useState } from 'react';
import { client, mutations, type MatchInput } from '../api.ts';
import { Confirmed } from '../Confirmed.tsx';
import { matchTitle, type Card } from '@pickem/client/card';
import { useAction } from '@pickem/client/react';
import { MATCH_LIMIT } from '@pickem/client/limits';
import { parseTeams, teamLines } from '@pickem/client/team-lines';
import { QuestionBuilder } from './QuestionBuilder.tsx';

type CardMatch = Card['matches'][number];

function matchInput(form: HTMLFormElement): MatchInput {
  const f = new FormData(form);
  return {
    name: String(f.get('name') ?? '').trim() || null,
    points: Number(f.get('points')),
    preshow: f.get('preshow') === 'on',
    championships: String(f.get('championships') ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    teams: parseTeams(String(f.get('teams') ?? '')),
  };
}

/** The fields of a match: empty to add one, filled to edit one. */
function MatchFields({ match }: { match?: CardMatch }) {
  return (
    <>
      <label>
        Match name (optional, up to {MATCH_LIMIT.name} characters)
        <input name="name" maxLength={MATCH_LIMIT.name} defaultValue={match?.name ?? ''} />
      </label>
      <label>
        Points
        <input name="points" type="number" min={1} max={1000} defaultValue={match?.points ?? 10} required />
      </label>
      <label>
        Teams, one a line ("Team name:" first for a tag team or stable, members joined by &amp;, "(c)" for the champion;
        a Royal Rumble: its {MATCH_LIMIT.teamsPerMatch} entrants, one a line)
        <textarea
          name="teams"
          rows={3}
          required
          defaultValue={match ? teamLines(match.teams) : undefined}
          placeholder={'Sting & Darby Allin (c)\nThe Young Bucks: Matthew Jackson & Nicholas Jackson'}
        />
      </label>
      <label>
        Championships (comma-separated)
        <input name="championships" defaultValue={match?.championships.join(', ') ?? ''} />
      </label>
      <label className="check">
        <input type="checkbox" name="preshow" defaultChecked={match?.preshow ?? false} /> Preshow
      </label>
    </>
  );
}

export function CardBuilder({ card, onChange }: { card: Card; onChange: () => Promise<void> }) {
  const eventId = card.event.id;
  const action = useAction();
  const { busy, status } = action;
  /** The action, then the card read again; nothing while another one runs. */
  const run = async (done: string, call: () => Promise<unknown>) =>
    !busy &&
    action.run(done, async () => {
      await call();
      await onChange();
    });
  // Buttons that cannot act are aria-disabled, not disabled: a disabled button drops the keyboard focus
  // to the top of the page, after every move of a match (while busy) and at either end of the card.
  const inert = (unavailable: boolean) => ({ 'aria-disabled': unavailable || busy });
  const [editing, setEditing] = useState<string | null>(null);

  function move(index: number, by: -1 | 1) {
    if (index + by < 0 || index + by >= card.matches.length) return;
    const ids = card.matches.map((m) => m.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void run('Card reordered.', () =>
      client.graphql({ query: mutations.reorderCard, variables: { eventId, matchIds: ids } }),
    );
  }

  async function add(form: HTMLFormElement) {
    const input = matchInput(form);
    if (await run('Match added.', () => client.graphql({ query: mutations.addMatch, variables: { eventId, input } })))
      form.reset();
  }

  async function save(form: HTMLFormElement, matchId: string) {
    const input = matchInput(form);
    const saved = await run('Match saved.', () =>
      client.graphql({ query: mutations.updateMatch, variables: { eventId, matchId, input } }),
    );
    if (saved) setEditing(null);
  }

  return (
    <>
      <section className="admin" aria-labelledby="builder-title">
        <h2 id="builder-title">Build the card</h2>
        <ol className="builder" aria-label="Card order">
          {card.matches.map((m, i) => (
            <li key={m.id}>
              <span className="grow">{matchTitle(m)}</span>
              <button
                type="button"
                aria-label={`Edit ${matchTitle(m)}`}
                aria-expanded={editing === m.id}
                {...inert(false)}
                onClick={() => !busy && setEditing(editing === m.id ? null : m.id)}
              >
                ✎
              </button>
              <button
                type="button"
                aria-label={`Move ${matchTitle(m)} up`}
                {...inert(i === 0)}
                onClick={() => move(i, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${matchTitle(m)} down`}
                {...inert(i === card.matches.length - 1)}
                onClick={() => move(i, 1)}
              >
                ↓
              </button>
              <Confirmed
                label="✕"
                name={`Remove ${matchTitle(m)}`}
                busy={busy}
                confirm="Yes, remove"
                confirmName={`Yes, remove ${matchTitle(m)}`}
                onConfirm={() =>
                  run('Match removed.', () =>
                    client.graphql({ query: mutations.removeMatch, variables: { eventId, matchId: m.id } }),
                  )
                }
              />
              {editing === m.id && (
                <form
                  className="stack edit-match"
                  aria-label={`Edit ${matchTitle(m)}`}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void save(e.currentTarget, m.id);
                  }}
                >
                  <MatchFields match={m} />
                  <div className="actions">
                    <button type="submit" {...inert(false)}>
                      Save match
                    </button>
                    <button type="button" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              )}
            </li>
          ))}
        </ol>
        <form
          className="stack"
          aria-label="Add a match"
          onSubmit={(e) => {
            e.preventDefault();
            void add(e.currentTarget);
          }}
        >
          <MatchFields />
          <button type="submit" {...inert(false)}>
            Add match
          </button>
        </form>
        <p role="status">{status}</p>
      </section>
      <QuestionBuilder card={card} onChange={onChange} />
    </>
  );
}
