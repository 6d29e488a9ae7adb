/**
 * One question of the card, under the matches: what it is worth, the player's answer (one option, a
 * set number of them, or a number), and once locked the options' shares; once answered, the answer and
 * what the player earned and why. A long list (a Rumble's 30) is compact, with a search box.
 */
import { questionAsk, questionWorth, withNumber, withOption } from '@pickem/client/questions';
import { useQuestionAnswer, type QuestionViewProps } from '@pickem/client/react';

export function QuestionView({ question: q, draft, onChange, locked, saved }: QuestionViewProps) {
  const { search, setSearch, compact, shown, picked, full, answer, outcome } = useQuestionAnswer(q, draft, saved);
  const name = `question-${q.id}`;
  return (
    <fieldset className="match question" data-testid="question" data-question-id={q.id}>
      <legend>
        <span className="pos">Q{q.position}.</span> {q.text}
      </legend>
      <p className="meta">
        <span data-testid="question-worth">{questionWorth(q)}</span>
        <span className="muted">
          {questionAsk(q)}
          {q.kind === 'MULTI' && ` (${picked.length} of ${q.pickCount} picked)`}
        </span>
      </p>
      {q.kind === 'NUMBER' ? (
        <input
          className="question-number"
          type="number"
          inputMode="numeric"
          step={1}
          aria-label={q.text}
          value={draft?.number ?? ''}
          disabled={locked}
          onChange={(e) => onChange(withNumber(draft, e.target.value))}
        />
      ) : (
        <>
          {compact && (
            <input
              className="question-search"
              type="search"
              placeholder="Search the options"
              aria-label={`Search the options: ${q.text}`}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          {compact && picked.length > 0 && (
            <p className="muted" data-testid="question-picked">
              Your pick{picked.length > 1 ? 's' : ''}: {picked.map((i) => q.options[i]).join(', ')}
            </p>
          )}
          <div
            className={`question-options${compact ? ' compact' : ''}`}
            role={q.kind === 'CHOICE' ? 'radiogroup' : 'group'}
            aria-label={q.text}
          >
            {shown.map((i) => {
              const checked = picked.includes(i);
              const right = q.answer?.options.includes(i) === true;
              return (
                <label key={i} className={`option${right ? ' right' : ''}`}>
                  <input
                    type={q.kind === 'CHOICE' ? 'radio' : 'checkbox'}
                    name={name}
                    checked={checked}
                    disabled={locked || (full && !checked)}
                    onChange={() => onChange(withOption(draft, q, i))}
                  />
                  <span>{q.options[i]}</span>
                  {q.optionShares && (
                    <span className="muted share" data-testid="option-share">
                      {q.optionShares[i]}% picked
                      <span className="share-bar" aria-hidden="true">
                        <span style={{ width: `${q.optionShares[i]}%` }} />
                      </span>
                    </span>
                  )}
                </label>
              );
            })}
            {shown.length === 0 && <p className="muted">No option matches “{search}”.</p>}
          </div>
        </>
      )}
      {answer && (
        <p className={`result${q.answer?.void ? ' no-winner' : ''}`} data-testid="question-answer">
          {answer}
        </p>
      )}
      {outcome && (
        <p className={`pick-outcome${outcome.won ? ' won' : ''}`} data-testid="question-outcome" aria-live="polite">
          {outcome.text}
        </p>
      )}
    </fieldset>
  );
}
