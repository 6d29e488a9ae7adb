/**
 * cognito-local reads the `AccessToken` of a user's own actions (`GetUser`, `UpdateUserAttributes`,
 * `VerifyUserAttribute`, `ChangePassword`, `DeleteUser`, ...) with `jwt.decode`: it never checks the
 * signature, so a token forged with anyone's `sub` could change their email or password. Cognito
 * checks it, and answers a forged, expired or non-access token with `NotAuthorizedException`
 * ("Invalid Access Token" *(guess: the message for each case)*). So every action that carries an
 * `AccessToken` has it verified here first, against the pool's own signing key, before cognito-local
 * sees it.
 */
import type { KeyObject } from 'node:crypto';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import { jwtVerify } from 'jose';

export function withAccessTokenCheck(route: Router, publicKey: KeyObject): Router {
  return (target) => async (ctx, req: unknown) => {
    const token = (req as { AccessToken?: unknown } | null)?.AccessToken;
    if (token !== undefined) {
      const valid = await jwtVerify(String(token), publicKey, { algorithms: ['RS256'] }).then(
        ({ payload }) => payload.token_use === 'access',
        () => false,
      );
      if (!valid) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    return route(target)(ctx, req as never);
  };
}
