/**
 * Late card changes (docs/data-model.md, "Card changes"): each edit of a match after it was added
 * (its wrestlers changed, or the match removed) is stamped on the event item, so a player's screens
 * tell whether it touched a saved pick by comparing stamps with the prediction's `updatedAt`: no
 * request per player when the admin edits.
 */
/** A match's side as card changes read it (entities/match.ts TeamItem; not imported: the event item holds changes, and match.ts reads the event). */
interface Side {
  members: string[];
}

export interface CardChangeItem {
  matchId: string;
  /** The match's card position when it changed (1-based). */
  position: number;
  /** When (ISO, UTC, milliseconds: the format of a prediction's updatedAt). */
  at: string;
  removed: boolean;
  /** The sides (team indexes) whose wrestlers changed; every side when removed. */
  sides: number[];
  /** Those sides' wrestlers before and after, one line a side (after: [] when removed). */
  before: string[];
  after: string[];
}

/** Changes an event keeps (its item grows by one small entry a change); more are refused. */
export const MAX_CARD_CHANGES = 100;

/** A side as one line: its members joined. */
export const sideLine = (team: Side) => team.members.join(' & ');

/** The team indexes of `before` whose wrestlers differ in `after` (a side gone counts). */
export function changedSides(before: Side[], after: Side[]): number[] {
  return before.map((team, i) => i).filter((i) => i >= after.length || sideLine(before[i]) !== sideLine(after[i]));
}

/** What replacing a match's teams records; null when no side's wrestlers changed (a name, points, order). */
export function replacement(
  matchId: string,
  position: number,
  at: string,
  before: Side[],
  after: Side[],
): CardChangeItem | null {
  const sides = changedSides(before, after);
  if (sides.length === 0) return null;
  return {
    matchId,
    position,
    at,
    removed: false,
    sides,
    before: sides.map((i) => sideLine(before[i])),
    after: sides.map((i) => (i < after.length ? sideLine(after[i]) : '')),
  };
}

/** What removing a match records: every side touched. */
export function removal(matchId: string, position: number, at: string, teams: Side[]): CardChangeItem {
  return {
    matchId,
    position,
    at,
    removed: true,
    sides: teams.map((t, i) => i),
    before: teams.map(sideLine),
    after: [],
  };
}

/**
 * The rule: a change touches a prediction when it came after the prediction was saved and the
 * prediction picked that match, on a side the change names (a removed match: any side).
 */
export function touchingChanges(
  changes: CardChangeItem[] | null | undefined,
  prediction: { updatedAt: string; picks: { matchId: string; team: number }[] } | null | undefined,
): CardChangeItem[] {
  if (!prediction || !changes) return [];
  return changes.filter(
    (c) =>
      c.at > prediction.updatedAt &&
      prediction.picks.some((p) => p.matchId === c.matchId && c.sides.indexOf(p.team) >= 0),
  );
}
