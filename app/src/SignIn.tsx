/**
 * Sign in and sign up with Amplify's Authenticator: email and password, USER_PASSWORD_AUTH (client/sign-up.ts).
 * Loaded only for a signed-out visitor (App.tsx), with Amplify UI's stylesheet.
 */
import '@aws-amplify/ui-react/styles.css';
import { Authenticator, defaultDarkModeOverride, ThemeProvider } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { authenticatorServices, SIGN_UP_ATTRIBUTES, signUpFormFields } from '@pickem/client/sign-up';

// The tab's sessionStorage: a name chosen at sign-up survives a reload before the emailed code.
const services = authenticatorServices(sessionStorage);

/**
 * Amplify UI's own dark colours for the sign-in when the phone or computer is set dark, as the app's;
 * its buttons, tabs and links in the app's accent (a design token's custom property, light or dark).
 */
const accent = { value: 'var(--color-accent)' };
const theme = {
  name: 'pickem',
  tokens: {
    colors: { primary: { 60: accent, 80: accent, 90: accent, 100: accent } },
    components: { button: { primary: { color: { value: 'var(--color-on-accent)' } } } },
  },
  overrides: [defaultDarkModeOverride],
};

/** `onSignedIn`: called once the Authenticator has signed the visitor in (App.tsx then shows the app). */
export default function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <ThemeProvider theme={theme} colorMode="system">
      <Authenticator
        services={services}
        loginMechanisms={['email']}
        signUpAttributes={[...SIGN_UP_ATTRIBUTES]}
        formFields={signUpFormFields}
        components={{ Header: () => <h1 className="brand-title">Pick'Em</h1> }}
      >
        <SignedIn onSignedIn={onSignedIn} />
      </Authenticator>
    </ThemeProvider>
  );
}

/** What the Authenticator shows once signed in, for the moment until App.tsx swaps it for the app. */
function SignedIn({ onSignedIn }: { onSignedIn: () => void }) {
  useEffect(() => onSignedIn(), [onSignedIn]);
  return <p role="status">Signing you in…</p>;
}
