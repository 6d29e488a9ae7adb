/**
 * An invite link (/join/<code>, after signing in if need be): what the code's league is (its name,
 * season, commissioner and members: leaguePreview, one request) before joining it with one press. A
 * dead code, closed joins or a full league are said before the button, not after it.
 */
import { useEffect, useState } from 'react';
import { LEAGUE_LIMIT } from '@pickem/client/limits';
import { client, errorText, queries, type LeaguePreviewQuery } from '../api.ts';
import { href } from '../route.ts';
import { JoinStatus, useJoin } from './Leagues.tsx';

type Preview = LeaguePreviewQuery['leaguePreview'];

export function JoinLink({ code }: { code: string }) {
  const { status, busy, join } = useJoin();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    client
      .graphql({ query: queries.leaguePreview, variables: { code } })
      .then(({ data }) => current && setPreview(data.leaguePreview))
      .catch((err: unknown) => current && setProblem(errorText(err)));
    return () => {
      current = false;
    };
  }, [code]);
  const full = preview !== null && preview.memberCount >= LEAGUE_LIMIT.membersPerLeague;
  const closed = preview !== null && !preview.joinsOpen;

  return (
    <section aria-labelledby="join-link-title" className="stack">
      <h1 id="join-link-title">Join a league</h1>
      <p>
        You were invited with the code <strong data-testid="invite-code">{code}</strong>.
      </p>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : preview === null ? (
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
      {closed && <p role="alert">This league is not taking new members: its commissioner has closed joins.</p>}
      {full && <p role="alert">This league is full ({LEAGUE_LIMIT.membersPerLeague} members).</p>}
      {preview && !closed && !full && (
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
