/**
 * Configures Amplify from an amplify_outputs.json: a deployed backend's, or the one `npm start` writes
 * for the local stack (whose user pool has an endpoint of its own, under `custom`).
 */
import { Amplify, type ResourcesConfig } from 'aws-amplify';

export type AmplifyOutputs = Parameters<typeof Amplify.configure>[0];

export function configureAmplify(outputs: AmplifyOutputs): void {
  Amplify.configure(outputs);
  // A cloud outputs file has no `custom`: read it without assuming the key exists.
  const { custom } = outputs as { custom?: { user_pool_endpoint?: string } };
  if (custom?.user_pool_endpoint) {
    const config = Amplify.getConfig();
    Amplify.configure({
      ...config,
      Auth: { Cognito: { ...config.Auth!.Cognito, userPoolEndpoint: custom.user_pool_endpoint } },
    } as ResourcesConfig);
  }
}
