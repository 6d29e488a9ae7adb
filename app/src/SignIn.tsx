/** Sign in and sign up with Amplify's Authenticator: email and password, USER_PASSWORD_AUTH (client/sign-up.ts). */
import { Authenticator, defaultDarkModeOverride, ThemeProvider } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
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

export function SignIn({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} colorMode="system">
      <Authenticator
        services={services}
        loginMechanisms={['email']}
        signUpAttributes={[...SIGN_UP_ATTRIBUTES]}
        formFields={signUpFormFields}
        components={{ Header: () => <h1 className="brand-title">Pick'Em</h1> }}
      >
        {children}
      </Authenticator>
    </ThemeProvider>
  );
}
