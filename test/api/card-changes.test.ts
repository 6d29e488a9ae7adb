/**
 * Late card changes (docs/data-model.md, "Card changes"): replacing a side's wrestlers or removing a
 * match is stamped on the event; a prediction saved before it with a pick there is touched (the
 * events screen's myCardChanged, the event's cardChanges) until the player saves again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, matchInput, OP } from './mutations-fixtures.ts';

const UPCOMING = '{ upcomingEvents { event { id } myCardChanged } }';
const CHANGES =
  'query($e: ID!) { eventCard(eventId: $e) { event { cardChanges { matchId position removed sides before after } } } }';

let api: TestApi;
let event: { id: string; matches: string[] };

const touched = async (player: string) => {
  const { upcomingEvents } = await api.data(player, UPCOMING);
  return upcomingEvents.find((u: { event: { id: string } }) => u.event.id === event.id)?.myCardChanged;
};
const save = (player: string, picks: { matchId: string; team: number }[]) =>
  api.data(player, OP.savePrediction, { e: event.id, p: picks });

beforeAll(async () => {
  api = await startTestApi();
  event = await createCard(
    api,
    3,
    new Date(Date.now() + 3600_000).toISOString(),
    new Date().toISOString().slice(0, 10),
  );
  const [m1, m2, m3] = event.matches;
  await save('pia', [{ matchId: m2, team: 0 }]); // the side about to change
  await save('tom', [{ matchId: m2, team: 1 }]); // the other side
  await save('ann', [{ matchId: m3, team: 0 }]); // the match about to go
  await save('bob', [{ matchId: m1, team: 0 }]); // untouched
}, 300_000);
afterAll(async () => {
  await api?.close();
});

describe('late card changes', () => {
  it('a renamed match or new points change no wrestler: nothing is recorded', async () => {
    await api.data(
      ADMIN,
      OP.updateMatch,
      { e: event.id, m: event.matches[1], i: { ...matchInput(2), points: 20 } },
      ADMIN_GROUPS,
    );
    const { eventCard } = await api.data('pia', CHANGES, { e: event.id });
    expect(eventCard.event.cardChanges).toEqual([]);
    expect(await touched('pia')).toBe(false);
  });

  it('a wrestler replaced and a match removed: stamped on the event, touching only the picks on them', async () => {
    const input = matchInput(2);
    input.teams[0].members = ['Cody'];
    await api.data(ADMIN, OP.updateMatch, { e: event.id, m: event.matches[1], i: input }, ADMIN_GROUPS);
    await api.data(ADMIN, OP.removeMatch, { e: event.id, m: event.matches[2] }, ADMIN_GROUPS);
    const { eventCard } = await api.data('pia', CHANGES, { e: event.id });
    expect(eventCard.event.cardChanges).toEqual([
      { matchId: event.matches[1], position: 2, removed: false, sides: [0], before: ['Wrestler 2-0'], after: ['Cody'] },
      {
        matchId: event.matches[2],
        position: 3,
        removed: true,
        sides: [0, 1],
        before: ['Wrestler 3-0', 'Wrestler 3-1'],
        after: [],
      },
    ]);
    expect(await touched('pia')).toBe(true);
    expect(await touched('ann')).toBe(true);
    expect(await touched('tom')).toBe(false);
    expect(await touched('bob')).toBe(false);
  });

  it('saving again clears it', async () => {
    await save('pia', [{ matchId: event.matches[1], team: 0 }]);
    expect(await touched('pia')).toBe(false);
  });
});
