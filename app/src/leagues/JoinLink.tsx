/** An invite link (/join/<code>, after signing in if need be): join the league of its code with one press. */
import { href } from '../route.ts';
import { useJoin } from './Leagues.tsx';

export function JoinLink({ code }: { code: string }) {
  const { status, busy, join } = useJoin();
  return (
    <section aria-labelledby="join-link-title" className="stack">
      <h1 id="join-link-title">Join a league</h1>
      <p>
        You were invited with the code <strong data-testid="invite-code">{code}</strong>.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={() => void join(code)}>
        Join league
      </button>
      <p role="status" className={status?.error ? 'error' : undefined}>
        {status?.text}
      </p>
      <p>
        <a href={href.leagues()}>My leagues</a>
      </p>
    </section>
  );
}
