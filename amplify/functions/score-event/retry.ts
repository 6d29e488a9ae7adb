export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The delay before retry `attempt` (1 on): doubling from 40 ms to at most 1 s, with jitter. */
export function backoff(attempt: number): number {
  return Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random() / 2);
}
