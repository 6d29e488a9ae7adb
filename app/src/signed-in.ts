/**
 * Who is signed in, from Amplify Auth alone (its tokens in localStorage), so that a returning player's
 * first load does not fetch the Authenticator (Amplify UI and its stylesheet): App.tsx loads SignIn.tsx
 * only for a signed-out visitor.
 */
import { useCallback, useEffect, useState } from 'react';
import { getCurrentUser, signOut, type AuthUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

export { signOut };

/** `user`: the signed-in user, null when signed out, undefined until known; `recheck` reads it again. */
export function useSignedInUser(): { user: AuthUser | null | undefined; recheck: () => void } {
  const [user, setUser] = useState<AuthUser | null | undefined>(undefined);
  const recheck = useCallback(() => {
    getCurrentUser().then(
      // The same user keeps the same object: screens that follow `user` do not reload on a token refresh.
      (u) => setUser((old) => (old?.userId === u.userId ? old : u)),
      () => setUser(null),
    );
  }, []);
  useEffect(() => {
    recheck();
    // signedIn, signedOut, tokenRefresh_failure: each may change who is signed in.
    return Hub.listen('auth', recheck);
  }, [recheck]);
  return { user, recheck };
}
