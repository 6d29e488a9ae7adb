/**
 * The commissioner's nudge in words, for both apps: the button that says whom it reaches and how
 * (League.missingPicks), what it did (nudgeLeague), and the nudged player's notice (UpcomingEvent.myNudges).
 */

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** "Nudge 3 members (2 by email)": every member without picks is nudged in the app, some by email too. */
export function nudgeButtonLabel(missing: readonly { byEmail: boolean }[]): string {
  const byEmail = missing.filter((m) => m.byEmail).length;
  return `Nudge ${members(missing.length)} (${byEmail === 0 ? 'in the app only' : `${byEmail} by email`})`;
}

/** What a nudge did, for the commissioner. */
export function nudgeOutcomeText(outcome: { notified: number; emailed: number }): string {
  if (outcome.notified === 0) return 'Every member has picked the whole card: nobody to nudge.';
  const email = outcome.emailed === 0 ? '' : `, and ${outcome.emailed} of them by email`;
  return `Nudged ${members(outcome.notified)} in the app${email}.`;
}

/** "Nudged at 20:14": the league was nudged for this event already (once per league and event). */
export function nudgedAlreadyText(nudgedAt: string, formatTime: (iso: string) => string): string {
  return `You nudged them at ${formatTime(nudgedAt)}. One nudge per event.`;
}

/** The nudged player's notice: "Sam, your commissioner of Dynamite League, nudged you: pick Full Gear before the bell." */
export function nudgeNoticeText(nudge: { byName: string; leagueName: string }, eventName: string): string {
  return `${nudge.byName}, your commissioner of ${nudge.leagueName}, nudged you: pick ${eventName} before the bell.`;
}

/** The notices the events screen shows: each upcoming event's nudges less those dismissed here. */
export function shownNudges<N extends { id: string }, E>(
  upcoming: readonly { event: E; myNudges: readonly N[] }[],
  dismissed: ReadonlySet<string>,
): { event: E; nudge: N }[] {
  return upcoming.flatMap((u) =>
    u.myNudges.filter((n) => !dismissed.has(n.id)).map((nudge) => ({ event: u.event, nudge })),
  );
}
