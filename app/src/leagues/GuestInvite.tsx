/**
 * An invite link opened signed out: the league (name, commissioner, members: leaguePreview with the API
 * key), then the sign-in with its "Create Account" tab. Once signed in, the invite page (JoinLink)
 * shows the league again with its Join.
 */
import { lazy, Suspense } from 'react';
import { inviteLine, SIGN_IN_TO_JOIN } from '@pickem/client/invite';
import { useLeaguePreview } from '@pickem/client/react';

const SignIn = lazy(() => import('../SignIn.tsx'));

export function GuestInvite({ code, onSignedIn }: { code: string; onSignedIn: () => void }) {
  const { data: preview, error } = useLeaguePreview(code, false);
  return (
    <main className="page stack">
      <section aria-labelledby="guest-invite-title" className="stack panel" data-testid="guest-invite">
        <h1 id="guest-invite-title">You're invited</h1>
        {error ? (
          <p role="alert">{error}</p>
        ) : preview === undefined ? (
          <p aria-busy="true">Loading the league…</p>
        ) : (
          <>
            <p data-testid="invite-line">{inviteLine(preview)}</p>
            <dl className="facts">
              <dt>League</dt>
              <dd>{preview.name}</dd>
              <dt>Commissioner</dt>
              <dd data-testid="preview-commissioner">{preview.commissionerName}</dd>
              <dt>Members</dt>
              <dd>{preview.memberCount}</dd>
            </dl>
          </>
        )}
        <p>{SIGN_IN_TO_JOIN}</p>
      </section>
      <Suspense fallback={<p aria-busy="true">Loading the sign-in…</p>}>
        <SignIn onSignedIn={onSignedIn} />
      </Suspense>
    </main>
  );
}
