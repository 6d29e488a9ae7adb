/** The Me page's reminder settings: an email before a show's picks lock, 10 minutes, an hour or a day before. */
import { useState } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { useLoad, useNow } from '@pickem/client/react';
import { remindersThatWillNotCome } from '@pickem/client/reminder-gap';
import { client, errorText, mutations, queries } from '../api.ts';

const LEADS = [
  { minutes: 10, label: '10 minutes before' },
  { minutes: 60, label: 'An hour before' },
  { minutes: 1440, label: 'A day before' },
];

export function Reminders({ current }: { current: { email: boolean; minutesBefore: number } | null | undefined }) {
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState(current?.email ?? false);
  const [lead, setLead] = useState(current?.minutesBefore ?? 60);
  const now = useNow(60_000);
  const { data: upcoming } = useLoad(
    async () => (await client.graphql({ query: queries.upcomingEvents })).data.upcomingEvents,
    [],
  );
  const willNotCome = email ? remindersThatWillNotCome(upcoming ?? [], lead, now) : [];
  return (
    <form
      className="stack"
      aria-label="Reminders"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const email = form.get('email') === 'on';
        const minutesBefore = Number(form.get('minutesBefore'));
        setBusy(true);
        try {
          // The ID token carries the address the reminders go to (the API reads its email claim).
          const idToken = (await fetchAuthSession()).tokens?.idToken?.toString();
          await client.graphql(
            { query: mutations.updateReminders, variables: { email, minutesBefore } },
            idToken ? { Authorization: idToken } : {},
          );
          setStatus(
            email
              ? 'Saved: we will email you when a show has matches you have not picked.'
              : 'Saved: no reminder emails.',
          );
        } catch (err) {
          setStatus(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>Reminders</h2>
      <label className="check">
        <input type="checkbox" name="email" checked={email} onChange={(e) => setEmail(e.target.checked)} /> Email me
        when a show is about to lock and I have matches unpicked
      </label>
      <label>
        When
        <select name="minutesBefore" value={String(lead)} onChange={(e) => setLead(Number(e.target.value))}>
          {LEADS.map((l) => (
            <option key={l.minutes} value={l.minutes}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      {willNotCome.map((line) => (
        <p key={line} className="lock-warning" data-testid="reminder-will-not-come">
          {line}
        </p>
      ))}
      <button type="submit" disabled={busy}>
        Save reminders
      </button>
      <p role="status">{status}</p>
    </form>
  );
}
