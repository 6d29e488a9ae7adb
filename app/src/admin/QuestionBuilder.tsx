/**
 * Admins, before the bell: the event's questions beyond the winner (add, edit, remove), checked here
 * against the API's own bounds first (@pickem/domain/questions), and "who takes the fall" from a match.
 */
import { useState } from 'react';
import { client, mutations, type QuestionInput, type QuestionKind } from '../api.ts';
import { Confirmed } from '../Confirmed.tsx';
import { matchTitle, type Card } from '@pickem/client/card';
import { useAction } from '@pickem/client/react';
import { QUESTION_LIMIT, MAX_QUESTION_POINTS, questionFields } from '@pickem/client/limits';
import { fallQuestion } from '@pickem/client/question-helpers';

type Question = Card['questions'][number];

const KIND_NAMES: Record<QuestionKind, string> = {
  CHOICE: 'One option (who takes the fall, who enters at #30)',
  MULTI: 'Several options (the Final Four)',
  NUMBER: 'A number (the winner’s entry number)',
};

interface Draft {
  kind: QuestionKind;
  text: string;
  options: string;
  points: string;
  pickCount: string;
  closePoints: string;
  closeRange: string;
}

const draftOf = (q?: Question): Draft => ({
  kind: q?.kind ?? 'CHOICE',
  text: q?.text ?? '',
  options: q?.options.join('\n') ?? '',
  points: String(q?.points ?? 5),
  pickCount: String(q?.pickCount || 1),
  closePoints: String(q?.closePoints ?? 0),
  closeRange: String(q?.closeRange ?? 0),
});

function inputOf(d: Draft): QuestionInput {
  const number = d.kind === 'NUMBER';
  return {
    kind: d.kind,
    text: d.text.trim(),
    options: number
      ? []
      : d.options
          .split('\n')
          .map((o) => o.trim())
          .filter(Boolean),
    points: Number(d.points),
    pickCount: number ? 0 : d.kind === 'CHOICE' ? 1 : Number(d.pickCount),
    closePoints: number ? Number(d.closePoints) : 0,
    closeRange: number ? Number(d.closeRange) : 0,
  };
}

/** The fields of a question; `matches` offers the "who takes the fall" helper. */
function QuestionFields({
  draft,
  setDraft,
  matches,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  matches: Card['matches'];
}) {
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  const optionCount = inputOf(draft).options?.length ?? 0;
  return (
    <>
      {matches.length > 0 && (
        <label>
          Who takes the fall? Fill from a match
          <select
            value=""
            onChange={(e) => {
              const match = matches.find((m) => m.id === e.target.value);
              if (match) setDraft({ ...draft, ...fallQuestion(match), kind: 'CHOICE', pickCount: '1' });
            }}
          >
            <option value="">Choose a match…</option>
            {matches.map((m) => (
              <option key={m.id} value={m.id}>
                {matchTitle(m)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Kind
        <select value={draft.kind} onChange={set('kind')}>
          {(Object.keys(KIND_NAMES) as QuestionKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_NAMES[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Question (up to {QUESTION_LIMIT.text} characters)
        <input value={draft.text} onChange={set('text')} maxLength={QUESTION_LIMIT.text} required />
      </label>
      {draft.kind !== 'NUMBER' && (
        <label>
          Options, one a line (2 to {QUESTION_LIMIT.options}, up to {QUESTION_LIMIT.option} characters each;{' '}
          {optionCount} now)
          <textarea value={draft.options} onChange={set('options')} rows={4} required />
        </label>
      )}
      <label>
        {draft.kind === 'MULTI' ? 'Points for each right option' : 'Points'}
        <input type="number" min={0} max={MAX_QUESTION_POINTS} value={draft.points} onChange={set('points')} required />
      </label>
      {draft.kind === 'MULTI' && (
        <label>
          Options each player picks
          <input
            type="number"
            min={1}
            max={Math.max(1, optionCount)}
            value={draft.pickCount}
            onChange={set('pickCount')}
            required
          />
        </label>
      )}
      {draft.kind === 'NUMBER' && (
        <>
          <label>
            Close points (for a guess within the range; 0 for none)
            <input
              type="number"
              min={0}
              max={MAX_QUESTION_POINTS}
              value={draft.closePoints}
              onChange={set('closePoints')}
            />
          </label>
          <label>
            Close range (how far off still earns the close points)
            <input
              type="number"
              min={0}
              max={MAX_QUESTION_POINTS}
              value={draft.closeRange}
              onChange={set('closeRange')}
            />
          </label>
        </>
      )}
    </>
  );
}

/** A question's form: to add one (empty) or to edit one; the checks of the API before it is asked. */
function QuestionForm({
  question,
  matches,
  label,
  submit,
  busy,
  onSave,
  onCancel,
}: {
  question?: Question;
  matches: Card['matches'];
  label: string;
  submit: string;
  busy: boolean;
  onSave: (input: QuestionInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(question));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="stack question-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        const input = inputOf(draft);
        const checked = questionFields(input);
        if ('error' in checked) return setProblem(checked.error);
        setProblem(null);
        void onSave(input).then((saved) => saved && !question && setDraft(draftOf()));
      }}
    >
      <QuestionFields draft={draft} setDraft={setDraft} matches={matches} />
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" aria-disabled={busy}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** What a question is worth, in a few words. */
export function questionWorth(q: Pick<Question, 'kind' | 'points' | 'pickCount' | 'closePoints' | 'closeRange'>) {
  if (q.kind === 'MULTI') return `pick ${q.pickCount}, ${q.points} a hit`;
  if (q.kind === 'NUMBER' && q.closePoints > 0) return `${q.points} exact, ${q.closePoints} within ${q.closeRange}`;
  return `${q.points} points`;
}

export function QuestionBuilder({ card, onChange }: { card: Card; onChange: () => Promise<void> }) {
  const eventId = card.event.id;
  const { busy, status, run } = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const full = card.questions.length >= QUESTION_LIMIT.perEvent;
  const call = (done: string, request: () => Promise<unknown>) =>
    run(done, async () => {
      await request();
      await onChange();
    });

  return (
    <section className="admin" aria-labelledby="questions-title">
      <h2 id="questions-title">Questions beyond the winner</h2>
      <ol className="builder" aria-label="Questions">
        {card.questions.map((q) => (
          <li key={q.id}>
            <span className="grow">
              {q.text} <span className="muted">({questionWorth(q)})</span>
            </span>
            <button
              type="button"
              aria-label={`Edit ${q.text}`}
              aria-expanded={editing === q.id}
              aria-disabled={busy}
              onClick={() => !busy && setEditing(editing === q.id ? null : q.id)}
            >
              ✎
            </button>
            <Confirmed
              label="✕"
              name={`Remove ${q.text}`}
              busy={busy}
              confirm="Yes, remove"
              confirmName={`Yes, remove ${q.text}`}
              onConfirm={() =>
                call('Question removed.', () =>
                  client.graphql({ query: mutations.removeQuestion, variables: { eventId, questionId: q.id } }),
                )
              }
            />
            {editing === q.id && (
              <QuestionForm
                question={q}
                matches={card.matches}
                label={`Edit ${q.text}`}
                submit="Save question"
                busy={busy}
                onCancel={() => setEditing(null)}
                onSave={async (input) => {
                  const saved = await call('Question saved.', () =>
                    client.graphql({
                      query: mutations.updateQuestion,
                      variables: { eventId, questionId: q.id, input },
                    }),
                  );
                  if (saved) setEditing(null);
                  return saved;
                }}
              />
            )}
          </li>
        ))}
      </ol>
      {full ? (
        <p className="muted">An event holds at most {QUESTION_LIMIT.perEvent} questions: remove one to add another.</p>
      ) : (
        <QuestionForm
          matches={card.matches}
          label="Add a question"
          submit="Add question"
          busy={busy}
          onSave={(input) =>
            call('Question added.', () =>
              client.graphql({ query: mutations.addQuestion, variables: { eventId, input } }),
            )
          }
        />
      )}
      <p role="status">{status}</p>
    </section>
  );
}
