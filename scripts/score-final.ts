/**
 * The final scoreEvent, run again (scoring is resumable and safe to repeat) when it failed because live
 * passes were still writing the same standings, or ran past the API's 30 seconds: the way an admin
 * finishes a large or busy event (README, "Scoring").
 */
import { GraphQLRequestError } from 'appsync-local/local/client.ts';

export async function scoreFinal(score: () => Promise<unknown>, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await score();
      return;
    } catch (err) {
      const errorType = err instanceof GraphQLRequestError ? err.response.errors?.[0]?.errorType : undefined;
      const retry = errorType === 'Lambda:Unhandled' || errorType === 'ExecutionTimeout';
      if (!retry || attempt === attempts) throw err;
    }
  }
}
