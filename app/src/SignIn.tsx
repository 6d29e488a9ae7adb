/** Sign in and sign up with Amplify's Authenticator: email and password, USER_PASSWORD_AUTH. */
import { Authenticator } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import type { ReactNode } from 'react';

// One sign-in for both: the local user pool (cognito-local) has no SRP, and the cloud app client allows
// USER_PASSWORD_AUTH beside SRP (amplify/auth/sign-in.ts).
// `signIn`'s type also has a server-side overload (a context first); the Authenticator calls this with the input only.
const services = {
  handleSignIn: ((input: SignInInput) =>
    signIn({ ...input, options: { ...input.options, authFlowType: 'USER_PASSWORD_AUTH' } })) as typeof signIn,
};

export function SignIn({ children }: { children: ReactNode }) {
  return (
    <Authenticator
      services={services}
      loginMechanisms={['email']}
      components={{ Header: () => <h1 className="brand-title">Pick'Em</h1> }}
    >
      {children}
    </Authenticator>
  );
}
