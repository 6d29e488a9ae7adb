/**
 * An address is verified only while its owner has proved they hold it, as on Cognito. cognito-local
 * 5.3.0 misses three parts of that, filled here:
 *
 * - `UpdateUserAttributes` that changes `email` keeps `email_verified: "true"`; Cognito sets it to false
 *   (and, with `email` auto-verified, sends a code to the new address, which cognito-local then does).
 * - A user could send `email_verified` themselves; Cognito refuses it: an app client may not write it
 *   (`NotAuthorizedException`, "A client attempted to write unauthorized attribute" *(guess: the message)*).
 * - Its ID tokens say `email_verified: true` for the stored "false" (`Boolean("false")`).
 *
 * `GetUserAttributeVerificationCode` and `VerifyUserAttribute` are cognito-local's (the code goes
 * through the pool's email, the outbox); a code is voided after `MAX_CODE_ATTEMPTS` wrong guesses, as
 * Cognito stops guessing with `LimitExceededException` *(guess: Cognito's exact count is not documented)*.
 */
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';

export const MAX_CODE_ATTEMPTS = 5;

interface Attribute {
  Name?: string;
  Value?: string;
}

const VERIFIED_FLAGS = ['email_verified', 'phone_number_verified'];

const valueOf = (attributes: Attribute[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

export function withEmailVerification(route: Router): Router {
  const wrongCodes = new Map<string, number>();
  return (target) => {
    if (target === 'UpdateUserAttributes')
      return async (ctx, req: { AccessToken?: string; UserAttributes?: Attribute[] }) => {
        const given = req.UserAttributes ?? [];
        if (given.some((a) => VERIFIED_FLAGS.includes(a.Name ?? '')))
          throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
        const email = valueOf(given, 'email');
        if (email === undefined) return route(target)(ctx, req);
        const { Username, UserAttributes } = (await route('GetUser')(ctx, { AccessToken: req.AccessToken })) as {
          Username: string;
          UserAttributes?: Attribute[];
        };
        if (email === valueOf(UserAttributes, 'email')) return route(target)(ctx, req);
        wrongCodes.delete(Username);
        return route(target)(ctx, { ...req, UserAttributes: [...given, { Name: 'email_verified', Value: 'false' }] });
      };
    if (target === 'VerifyUserAttribute')
      return async (ctx, req: { AccessToken?: string }) => {
        const { Username } = (await route('GetUser')(ctx, { AccessToken: req.AccessToken })) as { Username: string };
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
    if (target === 'GetUserAttributeVerificationCode')
      return async (ctx, req: { AccessToken?: string }) => {
        const answer = await route(target)(ctx, req);
        const { Username } = (await route('GetUser')(ctx, { AccessToken: req.AccessToken })) as { Username: string };
        wrongCodes.delete(Username);
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
