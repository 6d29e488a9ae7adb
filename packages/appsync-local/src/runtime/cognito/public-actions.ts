/**
 * Which user-pool actions Cognito answers without a signature. On AWS every other action (every
 * `Admin*`, `ListUsers`, the pool and group management) is authorized by IAM and needs a SigV4
 * signature. The list is the AWS SDK's own: the actions its generated auth-scheme resolver
 * (@aws-sdk/client-cognito-identity-provider, `dist-es/auth/httpAuthSchemeProvider.js`, from the
 * service model's `smithy.api#optionalAuth`) sends unsigned; AWS's API reference says the same of each
 * ("Amazon Cognito doesn't evaluate IAM policies in requests for this API operation", for example
 * InitiateAuth). `public-actions.test.ts` checks the list against the installed SDK. Cognito-local's
 * `GetTokensFromRefreshToken` stand-in is on it, as on AWS.
 */
export const PUBLIC_ACTIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

/** The signing name of the user-pool API (a SigV4 credential scope names it). */
export const COGNITO_SERVICE = 'cognito-idp';

/** The action a request names in `x-amz-target` (`AWSCognitoIdentityProviderService.<Action>`), as cognito-local reads it. */
export function actionOf(target: string | string[] | undefined): string | undefined {
  return typeof target === 'string' ? target.split('.')[1] : undefined;
}

/** Whether a request naming `target` needs a signature: any action but the public ones, unknown ones too. */
export const needsSignature = (target: string | string[] | undefined): boolean =>
  target !== undefined && !PUBLIC_ACTIONS.has(actionOf(target) ?? '');
