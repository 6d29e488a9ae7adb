/** Plain items to DynamoDB AttributeValues and back, with the AWS SDK's own converters. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

export type Item = Record<string, unknown>;

export function toAttributes(item: Item): Record<string, AttributeValue> {
  return marshall(item, { removeUndefinedValues: true });
}

export function fromAttributes(item: Record<string, AttributeValue>): Item {
  return unmarshall(item);
}
