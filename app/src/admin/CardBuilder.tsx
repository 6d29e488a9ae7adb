/** Admins, before the bell: add matches to the card, move them up or down, remove them (asked twice). */
import { client, mutations, type MatchInput } from '../api.ts';
import { Confirmed } from '../Confirmed.tsx';
import { matchTitle, type Card } from '@pickem/client/card';
import { useAction } from '@pickem/client/react';
import { MATCH_LIMIT } from '@pickem/client/limits';

/** "Sting & Darby Allin (c)": one team a line in the form, members split on "&", "(c)" for the champion. */
export function parseTeams(text: string): MatchInput['teams'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const champion = /\(c\)\s*$/i.test(line);
      const members = line
        .replace(/\(c\)\s*$/i, '')
        .split('&')
        .map((m) => m.trim())
        .filter(Boolean);
      return { members, champion };
    });
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

  function move(index: number, by: -1 | 1) {
    if (index + by < 0 || index + by >= card.matches.length) return;
    const ids = card.matches.map((m) => m.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void run('Card reordered.', () =>
      client.graphql({ query: mutations.reorderCard, variables: { eventId, matchIds: ids } }),
    );
  }

  async function add(form: HTMLFormElement) {
    const f = new FormData(form);
    const championships = String(f.get('championships') ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const input: MatchInput = {
      name: String(f.get('name') ?? '').trim() || null,
      points: Number(f.get('points')),
      preshow: f.get('preshow') === 'on',
      championships,
      teams: parseTeams(String(f.get('teams') ?? '')),
    };
    if (await run('Match added.', () => client.graphql({ query: mutations.addMatch, variables: { eventId, input } })))
      form.reset();
  }

  return (
    <section className="admin" aria-labelledby="builder-title">
      <h2 id="builder-title">Build the card</h2>
      <ol className="builder" aria-label="Card order">
        {card.matches.map((m, i) => (
          <li key={m.id}>
            <span className="grow">{matchTitle(m)}</span>
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
        <label>
          Match name (optional, up to {MATCH_LIMIT.name} characters)
          <input name="name" maxLength={MATCH_LIMIT.name} />
        </label>
        <label>
          Points
          <input name="points" type="number" min={1} max={1000} defaultValue={10} required />
        </label>
        <label>
          Teams, one a line (members joined by &amp;, "(c)" for the champion)
          <textarea
            name="teams"
            rows={3}
            required
            placeholder={'Sting & Darby Allin (c)\nMatthew Jackson & Nicholas Jackson'}
          />
        </label>
        <label>
          Championships (comma-separated)
          <input name="championships" />
        </label>
        <label className="check">
          <input type="checkbox" name="preshow" /> Preshow
        </label>
        <button type="submit" {...inert(false)}>
          Add match
        </button>
      </form>
      <p role="status">{status}</p>
    </section>
  );
}
