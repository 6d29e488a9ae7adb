/**
 * PLACEHOLDER with the contract's signature (docs: the live design); the real signed client is written
 * on another branch and replaces this file at merge.
 */
export async function callApi(
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ data?: unknown; errors?: { message: string; errorType?: string }[] }> {
  void query;
  void variables;
  throw new Error('not yet implemented');
}
