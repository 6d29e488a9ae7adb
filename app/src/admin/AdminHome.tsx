/** Admins: create an event, then build its card on the event's screen; every event, to edit. */
import { useRef, useState } from 'react';
import { client, errorText, mutations } from '../api.ts';
import { EVENT_LIMIT } from '@pickem/client/limits';
import { href } from '../route.ts';
import { AdminEvents } from './AdminEvents.tsx';
import { RulesFields, rulesFromForm } from './RulesFields.tsx';

export function AdminHome() {
  const [status, setStatus] = useState<{ text: string; id?: string } | null>(null);
  // A second submit while the first runs (a double click, Enter pressed twice) is ignored: it would
  // create nothing but a ConflictError for the event the first one is creating.
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  /** Raised by each event created: the list below reads again. */
  const [created, setCreated] = useState(0);
  async function create(form: HTMLFormElement) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const f = new FormData(form);
    try {
      const startsAt = new Date(String(f.get('startsAt'))).toISOString();
      const { data } = await client.graphql({
        query: mutations.createEvent,
        variables: {
          input: { name: String(f.get('name')).trim(), date: String(f.get('date')), startsAt, rules: rulesFromForm(f) },
        },
      });
      // A past bell is allowed (a show entered afterwards), but nobody can pick on it: say so.
      const rung = Date.parse(startsAt) <= Date.now() ? ' Its bell has already rung: picks are locked.' : '';
      setStatus({ text: `Event created.${rung}`, id: data.createEvent.id });
      setCreated((n) => n + 1);
      form.reset();
    } catch (err) {
      setStatus({ text: errorText(err) });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return (
    <section className="admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin</h1>
      <h2>Create an event</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void create(e.currentTarget);
        }}
      >
        <label>
          Name (up to {EVENT_LIMIT.name} characters)
          <input name="name" required maxLength={EVENT_LIMIT.name} />
        </label>
        <label>
          Date (the show's local date)
          <input name="date" type="date" required />
        </label>
        <label>
          The bell (predictions lock; your local time, to the minute)
          <input name="startsAt" type="datetime-local" required />
        </label>
        <RulesFields rules={null} />
        {/* aria-disabled, not disabled, while it runs: a disabled button drops the keyboard focus. */}
        <button type="submit" className="primary" aria-disabled={busy}>
          Create event
        </button>
      </form>
      <p role="status">
        {status?.text} {status?.id && <a href={href.event(status.id)}>Build its card</a>}
      </p>
      <AdminEvents refresh={created} />
    </section>
  );
}
