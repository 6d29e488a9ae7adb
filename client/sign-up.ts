/**
 * The Authenticator's services and sign-up form for both apps. Sign-in and sign-up's automatic sign-in
 * after the emailed code use USER_PASSWORD_AUTH: the local user pool (cognito-local) has no SRP, and
 * the cloud app client allows it beside SRP (amplify/auth/sign-in.ts).
 *
 * The display name is asked on the first screen (as `preferred_username`) and kept until the new
 * player is signed in, then saved as their profile (`useChosenName`): the API reads the access token,
 * which carries no `preferred_username`.
 */
import { signIn, signUp, type SignInInput, type SignUpInput } from 'aws-amplify/auth';
import { chosenNameKey, type NameStore } from './chosen-name.ts';
import { PROFILE_LIMIT } from './limits.ts';

export { chosenNameKey, memoryNameStore, type NameStore } from './chosen-name.ts';

/** Plain-language refusals of the sign-up form's display name, as updateMyProfile would refuse it. */
export function displayNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Choose the name other players will see.';
  if (trimmed.length > PROFILE_LIMIT.displayName) return `At most ${PROFILE_LIMIT.displayName} characters.`;
  return null;
}

// `signIn`'s and `signUp`'s types also have a server-side overload (a context first); the Authenticator calls these with the input only.
export function authenticatorServices(store: NameStore) {
  return {
    handleSignIn: ((input: SignInInput) =>
      signIn({ ...input, options: { ...input.options, authFlowType: 'USER_PASSWORD_AUTH' } })) as typeof signIn,
    handleSignUp: ((input: SignUpInput) => {
      const userAttributes = input.options?.userAttributes ?? {};
      if (userAttributes.preferred_username)
        store.setItem(chosenNameKey(input.username), userAttributes.preferred_username.trim());
      return signUp({
        ...input,
        options: { ...input.options, userAttributes, autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' } },
      });
    }) as typeof signUp,
    async validateCustomSignUp(fields: Record<string, string>) {
      const problem = displayNameProblem(fields.preferred_username ?? '');
      return problem ? { preferred_username: problem } : undefined;
    },
  };
}

export const SIGN_UP_ATTRIBUTES = ['preferred_username'] as const;

export const signUpFormFields = {
  signUp: {
    preferred_username: {
      label: 'Display name',
      placeholder: 'The name other players see',
      isRequired: true,
      order: 1,
    },
    email: { order: 2 },
    password: { order: 3 },
    confirm_password: { order: 4 },
  },
};
