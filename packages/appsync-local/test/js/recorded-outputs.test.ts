/**
 * Outputs AWS AppSync's EvaluateCode returned for these expressions (APPSYNC_JS 1.0.0), as recorded in
 * the runtime reference notes ("Recorded outputs"). Each right-hand side is the recorded text verbatim.
 * Objects are compared by value (the recorded key order may be the recorder's), so toS3Object's JSON
 * string must match character for character.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCode } from '../../src/runtime/js/evaluate.ts';

const recorded: [expression: string, output: string][] = [
  ['operations.add(10)', '{"type":"OPERATION_ADD","value":10}'],
  ['operations.append([1,2,3])', '{"items":[1,2,3],"type":"OPERATION_APPEND"}'],
  ['operations.prepend([1,2,3])', '{"items":[1,2,3],"type":"OPERATION_PREPEND"}'],
  ['operations.increment(10)', '{"by":10,"type":"OPERATION_INCREMENT"}'],
  ['operations.decrement(10)', '{"by":10,"type":"OPERATION_DECREMENT"}'],
  ['operations.replace({a:10})', '{"type":"OPERATION_REPLACE","value":{"a":10}}'],
  [
    'util.dynamodb.toS3Object("foo","bar","baz")',
    '{"S":"{\\"s3\\":{\\"key\\":\\"foo\\",\\"bucket\\":\\"bar\\",\\"region\\":\\"baz\\"}}"}',
  ],
  [
    'util.dynamodb.toS3Object("foo","bar","baz","beep")',
    '{"S":"{\\"s3\\":{\\"key\\":\\"foo\\",\\"bucket\\":\\"bar\\",\\"region\\":\\"baz\\",\\"version\\":\\"beep\\"}}"}',
  ],
];

/** Runs `expression` as a request handler's return value through evaluateCode, as EvaluateCode does. */
function evaluated(expression: string): string | undefined {
  const code = `import { util } from '@aws-appsync/utils';
import { operations } from '@aws-appsync/utils/dynamodb';
export function request(ctx) {
  return ${expression};
}
export function response(ctx) {
  return ctx.result;
}
`;
  return evaluateCode({ code, context: {}, function: 'request' }).evaluationResult;
}

describe('EvaluateCode outputs recorded from AWS', () => {
  it.each(recorded)('%s → %s', (expression, output) => {
    const result = evaluated(expression);
    expect(result).toBeDefined();
    expect(JSON.parse(result as string)).toStrictEqual(JSON.parse(output));
  });
});
