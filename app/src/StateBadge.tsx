import type { EventState } from './api.ts';

const LABEL: Record<EventState, string> = { UPCOMING: 'Upcoming', BROADCAST: 'Live', SCORED: 'Final' };

export function StateBadge({ state }: { state: EventState }) {
  return <span className={`badge badge-${state.toLowerCase()}`}>{LABEL[state]}</span>;
}
