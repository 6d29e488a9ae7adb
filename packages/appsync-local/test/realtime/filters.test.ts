/** AppSync's enhanced subscription filter operators and limits (extensions-js.html), on plain data. */
import { describe, expect, it } from 'vitest';
import { matches, parseFilter, type FilterGroups } from '../../src/runtime/realtime/filters.ts';
import { toSubscriptionFilter } from '../../src/runtime/js/util/transform.ts';

const one = (fieldName: string, operator: string, value: unknown): FilterGroups => {
  const parsed = parseFilter({ filterGroup: [{ filters: [{ fieldName, operator, value }] }] });
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

const item = {
  id: 'a1',
  count: 5,
  name: 'apple pie',
  tags: ['red', 'sweet'],
  owner: { name: 'ann', level: 3 },
  flag: false,
};

describe('operators', () => {
  it.each([
    ['id', 'eq', 'a1', true],
    ['id', 'eq', 'a2', false],
    ['flag', 'eq', false, true],
    ['id', 'ne', 'a2', true],
    ['id', 'ne', 'a1', false],
    ['missing', 'ne', 'x', true],
    ['count', 'lt', 6, true],
    ['count', 'lt', 5, false],
    ['count', 'le', 5, true],
    ['count', 'le', 4, false],
    ['count', 'gt', 4, true],
    ['count', 'gt', 5, false],
    ['count', 'ge', 5, true],
    ['count', 'ge', 6, false],
    ['name', 'gt', 'apple', true],
    ['count', 'gt', '4', false],
    ['name', 'contains', 'pie', true],
    ['name', 'contains', 'tart', false],
    ['tags', 'contains', 'red', true],
    ['tags', 'contains', 'blue', false],
    ['name', 'notContains', 'tart', true],
    ['tags', 'notContains', 'red', false],
    ['name', 'beginsWith', 'app', true],
    ['name', 'beginsWith', 'pie', false],
    ['count', 'beginsWith', '5', false],
    ['id', 'in', ['a1', 'b2'], true],
    ['id', 'in', ['b2'], false],
    ['id', 'notIn', ['b2'], true],
    ['id', 'notIn', ['a1'], false],
    ['count', 'between', [5, 9], true],
    ['count', 'between', [1, 5], true],
    ['count', 'between', [6, 9], false],
    ['tags', 'containsAny', ['blue', 'sweet'], true],
    ['tags', 'containsAny', ['blue'], false],
    ['name', 'containsAny', ['apple pie'], false],
    ['owner.name', 'eq', 'ann', true],
    ['owner.level', 'ge', 4, false],
    ['owner.name.first', 'eq', 'ann', false],
  ] as const)('%s %s %j → %s', (field, op, value, expected) => {
    expect(matches(one(field, op, value), item)).toBe(expected);
  });

  it('ANDs the filters of a group and ORs the groups', () => {
    const groups = parseFilter({
      filterGroup: [
        {
          filters: [
            { fieldName: 'count', operator: 'gt', value: 1 },
            { fieldName: 'id', operator: 'eq', value: 'zz' },
          ],
        },
        {
          filters: [
            { fieldName: 'tags', operator: 'contains', value: 'sweet' },
            { fieldName: 'flag', operator: 'eq', value: false },
          ],
        },
      ],
    }) as FilterGroups;
    expect(matches(groups, item)).toBe(true);
    expect(matches(groups, { ...item, flag: true })).toBe(false);
    expect(matches(groups, { ...item, id: 'zz', flag: true })).toBe(true);
  });

  it('reads util.transform.toSubscriptionFilter output (with or-alternatives as groups)', () => {
    const json = toSubscriptionFilter({ count: { ge: 5 }, or: [{ name: { beginsWith: 'app' } }, { id: { eq: 'b' } }] });
    const groups = parseFilter(json) as FilterGroups;
    expect(groups).toHaveLength(2);
    expect(matches(groups, item)).toBe(true);
    expect(matches(groups, { ...item, name: 'banana' })).toBe(false);
    expect(matches(groups, { ...item, name: 'banana', id: 'b' })).toBe(true);
  });
});

describe('limits (refused when the resolver sets the filter)', () => {
  const refused = (json: unknown) => parseFilter(json);
  it.each([
    [{}, /filterGroup array/],
    [
      { filterGroup: [{ filters: [{ fieldName: 'a', operator: 'like', value: 1 }] }] },
      /Unsupported filter operator 'like'/,
    ],
    [
      { filterGroup: [{ filters: [{ fieldName: 'a', operator: 'in', value: [1, 2, 3, 4, 5, 6] }] }] },
      /at most 5 values/,
    ],
    [
      {
        filterGroup: [
          { filters: [{ fieldName: 'a', operator: 'containsAny', value: Array.from({ length: 21 }, (_, i) => i) }] },
        ],
      },
      /at most 20 values/,
    ],
    [{ filterGroup: [{ filters: [{ fieldName: 'a.b.c.d.e.f', operator: 'eq', value: 1 }] }] }, /deeper than 5 levels/],
    [{ filterGroup: [{ filters: [{ fieldName: 'a'.repeat(257), operator: 'eq', value: 1 }] }] }, /256 characters/],
    [{ filterGroup: [{ filters: [{ fieldName: 'a', operator: 'between', value: [1] }] }] }, /two values/],
    [{ filterGroup: [{ filters: [{ fieldName: 'a', operator: 'eq', value: { x: 1 } }] }] }, /single value/],
    [{ filterGroup: Array.from({ length: 11 }, () => ({ filters: [] })) }, /at most 10 filter groups/],
    [
      { filterGroup: [{ filters: Array.from({ length: 6 }, () => ({ fieldName: 'a', operator: 'eq', value: 1 })) }] },
      /at most 5 filters/,
    ],
  ])('%j', (json, message) => {
    expect(refused(json)).toMatch(message);
  });

  it('takes the largest allowed filter', () => {
    expect(
      typeof parseFilter({
        filterGroup: [{ filters: [{ fieldName: 'a.b.c.d.e', operator: 'in', value: [1, 2, 3, 4, 5] }] }],
      }),
    ).toBe('object');
  });
});
