/**
 * The key of the unsubscribe tokens: UNSUBSCRIBE_KEY when set (the local runtime, tests), else the
 * Secrets Manager secret UNSUBSCRIBE_KEY_SECRET_ARN names (the cloud stack), read once per container.
 * Never in the function's configuration in the cloud, where anyone who may read it would see it.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let cached: Promise<string> | undefined;

export function unsubscribeKey(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.UNSUBSCRIBE_KEY) return Promise.resolve(env.UNSUBSCRIBE_KEY);
  const arn = env.UNSUBSCRIBE_KEY_SECRET_ARN;
  if (!arn) return Promise.reject(new Error('Set UNSUBSCRIBE_KEY or UNSUBSCRIBE_KEY_SECRET_ARN'));
  cached ??= new SecretsManagerClient({})
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => {
      if (!out.SecretString) throw new Error('The unsubscribe key secret has no string value');
      return out.SecretString;
    })
    .catch((err: unknown) => {
      cached = undefined;
      throw err;
    });
  return cached;
}
