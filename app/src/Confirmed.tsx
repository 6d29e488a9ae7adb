import { useState } from 'react';

/**
 * A button that asks once more (a second button) before an action that cannot be undone. Buttons that
 * cannot act are aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of
 * the page.
 */
export function Confirmed({
  label,
  name,
  confirm,
  confirmName,
  onConfirm,
  busy = false,
}: {
  /** The first button's text. */
  label: string;
  /** Its accessible name, where the text is an icon. */
  name?: string;
  /** The second button's text, which acts. */
  confirm: string;
  /** Its accessible name, where the text is short because the row says what it is about. */
  confirmName?: string;
  onConfirm: () => Promise<unknown>;
  /** Another action of the screen is running: neither button acts meanwhile. */
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const inert = busy || running;
  if (!asking)
    return (
      <button type="button" aria-label={name} aria-disabled={busy} onClick={() => !busy && setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div className="actions">
      <button
        type="button"
        className="danger"
        aria-label={confirmName}
        aria-disabled={inert}
        onClick={async () => {
          if (inert) return;
          setRunning(true);
          try {
            await onConfirm();
          } finally {
            setRunning(false);
            setAsking(false);
          }
        }}
      >
        {confirm}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
