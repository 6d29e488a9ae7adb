/**
 * An address is verified only while its owner has proved they hold it, as on Cognito. cognito-local
 * 5.3.0 stores `email_verified: "false"` when `UpdateUserAttributes` sets `email` (and, with `email`
 * auto-verified, sends a code to the address), but misses three parts, filled here:
 *
 * - Its ID tokens say `email_verified: true` for the stored "false" (`Boolean("false")`).
 * - A user could send `email_verified: "true"` beside the new `email` and skip the code; Cognito
 *   refuses it, an app client may not write it (`NotAuthorizedException`, "A client attempted to write
 *   unauthorized attribute" *(guess: the message)*).
 * - Wrong codes are not counted.
 *
 * `GetUserAttributeVerificationCode` and `VerifyUserAttribute` are cognito-local's (the code goes
 * through the pool's email, the outbox); a code is voided after `MAX_CODE_ATTEMPTS` wrong guesses, as
 * Cognito stops guessing with `LimitExceededException` *(guess: Cognito's exact count is not documented)*.
 *
 * `ConfirmSignUp` with the code sent to the address verifies it, as Cognito's does for an auto-verified
 * attribute; cognito-local only confirms the user, so a new player's first sign-in asked to verify again.
 */
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';

export const MAX_CODE_ATTEMPTS = 5;

interface Attribute {
  Name?: string;
  Value?: string;
}

const VERIFIED_FLAGS = ['email_verified', 'phone_number_verified'];

const valueOf = (attributes: Attribute[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

export function withEmailVerification(route: Router, cognito: CognitoService): Router {
  const wrongCodes = new Map<string, number>();
  const usernameOf = async (ctx: Context, req: { AccessToken?: string }) =>
    ((await route('GetUser')(ctx, { AccessToken: req.AccessToken })) as { Username: string }).Username;
  return (target) => {
    if (target === 'UpdateUserAttributes')
      return async (ctx, req: { AccessToken?: string; UserAttributes?: Attribute[] }) => {
        if ((req.UserAttributes ?? []).some((a) => VERIFIED_FLAGS.includes(a.Name ?? '')))
          throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
        const answer = await route(target)(ctx, req);
        if (valueOf(req.UserAttributes, 'email') !== undefined) wrongCodes.delete(await usernameOf(ctx, req));
        return answer;
      };
    if (target === 'VerifyUserAttribute')
      return async (ctx, req: { AccessToken?: string }) => {
        const Username = await usernameOf(ctx, req);
        if ((wrongCodes.get(Username) ?? 0) >= MAX_CODE_ATTEMPTS)
          throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
        try {
          const answer = await route(target)(ctx, req);
          wrongCodes.delete(Username);
          return answer;
        } catch (err) {
          if ((err as { code?: string }).code === 'CodeMismatchException')
            wrongCodes.set(Username, (wrongCodes.get(Username) ?? 0) + 1);
          throw err;
        }
      };
    if (target === 'ConfirmSignUp')
      return async (ctx, req: { ClientId?: string; Username?: string }) => {
        const answer = await route(target)(ctx, req);
        const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId ?? '');
        const user = await userPool.getUserByUsername(ctx, req.Username ?? '');
        if (
          user &&
          valueOf(user.Attributes, 'email') !== undefined &&
          userPool.options.AutoVerifiedAttributes?.includes('email')
        )
          await userPool.saveUser(ctx, {
            ...user,
            Attributes: [
              ...user.Attributes.filter((a) => a.Name !== 'email_verified'),
              { Name: 'email_verified', Value: 'true' },
            ],
          });
        return answer;
      };
    if (target === 'GetUserAttributeVerificationCode')
      return async (ctx, req: { AccessToken?: string }) => {
        const answer = await route(target)(ctx, req);
        wrongCodes.delete(await usernameOf(ctx, req));
        return answer;
      };
    return route(target);
  };
}

/** ID tokens carry `email_verified: false` unless the stored attribute is "true". */
export function withVerifiedClaim(tokens: TokenGenerator): TokenGenerator {
  return {
    generate: (ctx, user, ...rest) =>
      tokens.generate(
        ctx,
        {
          ...user,
          Attributes: user.Attributes.filter((a) => a.Name !== 'email_verified' || a.Value === 'true'),
        },
        ...rest,
      ),
  };
}
