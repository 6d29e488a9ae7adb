/**
 * `@pickem/client/react`: the React hooks both apps' screens are built on. Each app resolves `react` to
 * its own copy (the web app's Vite; the React Native app's Metro and jest pin theirs), so these run on
 * whichever React renders them.
 */
export { useNow } from './react/use-now.ts';
export { useLoad, type Loaded } from './react/use-load.ts';
export { usePaged, type Page } from './react/use-paged.ts';
export { useAction } from './react/use-action.ts';
export { useEventUpdates } from './react/use-event-updates.ts';
export { useEventCard, BOARD_ROWS, type EventCardState } from './react/use-event-card.ts';
export { useLeague, type League } from './react/use-league.ts';
export { useLeaguePreview } from './react/use-league-preview.ts';
export { useSavePicks, type SavedPrediction } from './react/use-save-picks.ts';
export { useChosenName } from './react/use-chosen-name.ts';
export { useLeagueChat, CHAT_PAGE, type LeagueChat } from './react/use-league-chat.ts';
export { useLeagueLines } from './react/use-league-lines.ts';
export { useNudgeNotices } from './react/use-nudge-notices.ts';
export { useQuestionAnswer, type QuestionViewProps } from './react/use-question-answer.ts';
