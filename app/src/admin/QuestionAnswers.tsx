/**
 * Admins once the show is on: each question's answer (its right options or number), a void (nobody
 * earns anything), or clearing it. A change after scoring is a correction, re-scored like a result.
 */
import { useState } from 'react';
import { client, mutations } from '../api.ts';
import { eventQuestions, type AdminQuestion } from '@pickem/client/documents';
import { useAction, useLoad } from '@pickem/client/react';

type Answer = { options: number[] | null; number: number | null; void: boolean | null };

/** The answer as set, in words (the admin's check that it was saved). */
function answerText(q: AdminQuestion): string {
  if (!q.answer) return 'No answer yet';
  if (q.answer.void) return 'Voided';
  return q.kind === 'NUMBER'
    ? `Answer: ${q.answer.number}`
    : `Answer: ${q.answer.options.map((i) => q.options[i]).join(', ')}`;
}

function QuestionAnswer({
  eventId,
  question: q,
  onSet,
}: {
  eventId: string;
  question: AdminQuestion;
  onSet: (q: AdminQuestion) => void;
}) {
  const [picked, setPicked] = useState<number[]>(q.answer && !q.answer.void ? q.answer.options : []);
  const [number, setNumber] = useState(q.answer?.number == null ? '' : String(q.answer.number));
  const { busy, status, run } = useAction();
  const id = `answer-${q.id}`;
  const send = (done: string, answer: Answer) =>
    void run(done, async () => {
      const { data } = await client.graphql({
        query: mutations.setQuestionAnswer,
        variables: { eventId, questionId: q.id, ...answer },
      });
      onSet(data.setQuestionAnswer);
    });
  const ready = q.kind === 'NUMBER' ? /^-?\d+$/.test(number.trim()) : picked.length > 0;
  return (
    <li className="question-answer" aria-label={q.text}>
      <p>
        <strong>{q.text}</strong>{' '}
        <span className="muted" data-testid="answer-set">
          {answerText(q)}
        </span>
      </p>
      {q.kind === 'NUMBER' ? (
        <label htmlFor={id}>
          Answer <input id={id} type="number" step={1} value={number} onChange={(e) => setNumber(e.target.value)} />
        </label>
      ) : q.kind === 'CHOICE' ? (
        <label>
          Right option{' '}
          <select
            value={picked[0] ?? ''}
            onChange={(e) => setPicked(e.target.value === '' ? [] : [Number(e.target.value)])}
          >
            <option value="">No answer</option>
            {q.options.map((o, i) => (
              <option key={i} value={i}>
                {o}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className="answer-options">
          <legend>Right options</legend>
          {q.options.map((o, i) => (
            <label key={i} className="check">
              <input
                type="checkbox"
                checked={picked.includes(i)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, i].sort((a, b) => a - b) : p.filter((x) => x !== i)))
                }
              />{' '}
              {o}
            </label>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={busy || !ready}
          onClick={() =>
            send(
              'Answer saved.',
              q.kind === 'NUMBER'
                ? { options: null, number: Number(number), void: null }
                : { options: picked, number: null, void: null },
            )
          }
        >
          Set answer
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => send('Question voided.', { options: null, number: null, void: true })}
        >
          Void
        </button>
        <button
          type="button"
          disabled={busy || !q.answer}
          onClick={() => {
            setPicked([]);
            setNumber('');
            send('Answer cleared.', { options: null, number: null, void: null });
          }}
        >
          Clear
        </button>
        <span role="status" className="muted">
          {status}
        </span>
      </div>
    </li>
  );
}

export function QuestionAnswers({ eventId, onChange }: { eventId: string; onChange: () => Promise<void> }) {
  const { data, error, setData } = useLoad(
    async () =>
      (await client.graphql({ query: eventQuestions, variables: { eventId } })).data.eventCard?.questions ?? [],
    [eventId],
  );
  if (error) return <p className="error">{error}</p>;
  if (!data?.length) return null;
  return (
    <section aria-labelledby="answers-title">
      <h3 id="answers-title">Answers to the questions</h3>
      <ol className="question-answers">
        {data.map((q) => (
          <QuestionAnswer
            key={q.id}
            eventId={eventId}
            question={q}
            onSet={(changed) => {
              setData((old) => old?.map((x) => (x.id === changed.id ? changed : x)));
              void onChange();
            }}
          />
        ))}
      </ol>
    </section>
  );
}
