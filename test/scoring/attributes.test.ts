import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAttributes, toAttributes } from '../../amplify/functions/score-event/attributes.ts';

const sdkTo = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true });
const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch (err) {
    return { error: (err as Error).message };
  }
};

/** Plain data, with the values the fast path hands to the SDK mixed in. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1e300, 0.5, -0),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(new Set(['a'])),
    fc.constant(new Uint8Array([1, 2])),
    fc.constant(10n),
  ),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), tie('map')),
  map: fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
}));

describe('item conversion', () => {
  it('gives what the SDK gives, value or error, both ways', () => {
    fc.assert(
      fc.property(value.map as fc.Arbitrary<Record<string, unknown>>, (item) => {
        const ours = outcome(() => toAttributes(item));
        expect(ours).toEqual(outcome(() => sdkTo(item)));
        if ('value' in ours) {
          const attrs = ours.value as ReturnType<typeof sdkTo>;
          expect(outcome(() => fromAttributes(attrs))).toEqual(outcome(() => unmarshall(attrs)));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads what the SDK reads, large numbers as bigints included', () => {
    const attrs = {
      a: { N: '9007199254740993' },
      b: { L: [{ N: '1.5' }, { SS: ['x'] }] },
      c: { M: { d: { BOOL: true } } },
    };
    expect(fromAttributes(attrs)).toEqual(unmarshall(attrs));
  });

  it('refuses what the SDK refuses', () => {
    expect(() => toAttributes({ a: Number.NaN })).toThrow(/Special numeric value/);
    expect(() => toAttributes({ a: new Date(0) })).toThrow(/Unsupported type/);
  });
});
