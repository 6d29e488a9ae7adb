/**
 * The `ctx.error.message` of a request DynamoDB refused: DynamoDB's message, then the AWS SDK for Java's
 * suffix, as AppSync reports it today, e.g. "The conditional request failed (Service: DynamoDb, Status
 * Code: 400, Request ID: 3S...)" (recorded in aws/aws-appsync-community#343). Errors that never reached
 * DynamoDB (no HTTP status) keep their message.
 */
export function dynamoDbErrorMessage(
  err: Error & { $metadata?: { httpStatusCode?: number; requestId?: string } },
): string {
  const status = err.$metadata?.httpStatusCode;
  if (status === undefined) return err.message;
  return `${err.message} (Service: DynamoDb, Status Code: ${status}, Request ID: ${err.$metadata?.requestId ?? 'null'})`;
}
