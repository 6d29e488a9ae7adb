/**
 * An invite link (/join/<code>, after signing in if need be): what the code's league is (its name,
 * season, commissioner and members: leaguePreview, one request) before joining it with one press. A
 * dead code, closed joins or a full league are said before the button, not after it.
 */
import { joinRefusal } from '@pickem/client/invite';
import { LEAGUE_LIMIT } from '@pickem/client/limits';
import { useLeaguePreview } from '@pickem/client/react';
import { href } from '../route.ts';
import { JoinStatus, useJoin } from './Leagues.tsx';

export function JoinLink({ code }: { code: string }) {
  const { status, busy, join } = useJoin();
  const { data: preview, error: problem } = useLeaguePreview(code, true);
  const refusal = preview ? joinRefusal(preview) : null;

  return (
    <section aria-labelledby="join-link-title" className="stack">
      <h1 id="join-link-title">Join a league</h1>
      <p>
        You were invited with the code <strong data-testid="invite-code">{code}</strong>.
      </p>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : preview === undefined ? (
        <p aria-busy="true">Loading the league…</p>
      ) : (
        <dl className="facts" data-testid="league-preview">
          <dt>League</dt>
          <dd>{preview.name}</dd>
          <dt>Season</dt>
          <dd>{preview.season.name}</dd>
          <dt>Commissioner</dt>
          <dd data-testid="preview-commissioner">{preview.commissionerName}</dd>
          <dt>Members</dt>
          <dd>
            {preview.memberCount} of {LEAGUE_LIMIT.membersPerLeague}
          </dd>
        </dl>
      )}
      {refusal && <p role="alert">{refusal}</p>}
      {preview && !refusal && (
        <button type="button" className="primary" disabled={busy} onClick={() => void join(code)}>
          Join {preview.name}
        </button>
      )}
      <JoinStatus status={status} />
      <p>
        <a href={href.leagues()}>My leagues</a>
      </p>
    </section>
  );
}
