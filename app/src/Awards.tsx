import type { Award } from './api.ts';
import { awardsText } from '@pickem/client/honours';

/** What a player won at an event (Top score, Perfect card, Boldest call), as a tag; nothing without awards. */
export function Awards({ awards, testId }: { awards: readonly Award[] | null | undefined; testId: string }) {
  const text = awardsText(awards);
  return (
    text && (
      <span className="tag tag-title" data-testid={testId}>
        {text}
      </span>
    )
  );
}
