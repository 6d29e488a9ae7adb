import { useState } from 'react';

/** A button that asks once more (a second button) before an action that cannot be undone. */
export function Confirmed({ label, name, confirm, onConfirm }: {
  /** The first button's text. */
  label: string;
  /** Its accessible name, where the text is an icon. */
  name?: string;
  /** The second button's text, which acts. */
  confirm: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) return <button type="button" aria-label={name} onClick={() => setAsking(true)}>{label}</button>;
  return (
    <div className="actions">
      <button
        type="button"
        className="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {confirm}
      </button>
      <button type="button" onClick={() => setAsking(false)}>Cancel</button>
    </div>
  );
}
