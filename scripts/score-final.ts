/**
 * The final scoreEvent as an admin runs it: run again (scoring is resumable and safe to repeat) when it
 * failed because live passes were still writing, or ran past the API's 30 seconds; and when it answers
 * `finished: false` (a large event: the pass goes on in an asynchronous invocation, README "Scoring"),
 * wait for that invocation, which the local runtime runs in-process (`settled`).
 */
import { GraphQLRequestError } from 'appsync-local';

export async function scoreFinal(
  score: () => Promise<{ scoreEvent: { finished: boolean } }>,
  settled: () => Promise<void>,
  attempts = 3,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { scoreEvent } = await score();
      if (!scoreEvent.finished) await settled();
      return;
    } catch (err) {
      const errorType = err instanceof GraphQLRequestError ? err.response.errors?.[0]?.errorType : undefined;
      const retry = errorType === 'Lambda:Unhandled' || errorType === 'ExecutionTimeout';
      if (!retry || attempt === attempts) throw err;
    }
  }
}
