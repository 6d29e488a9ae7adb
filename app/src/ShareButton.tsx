/**
 * Share a scored prediction's card: the browser's share sheet (Web Share API) where there is one, else
 * the link copied to the clipboard (client/share.ts).
 */
import { useState } from 'react';
import { shareOnWeb, type Shareable } from '@pickem/client/share';

export function ShareButton({ prediction }: { prediction: Shareable & { shareUrl: string } }) {
  const [status, setStatus] = useState<string | null>(null);
  const share = async () => setStatus(await shareOnWeb(prediction, navigator));
  return (
    <p className="share">
      <button type="button" onClick={() => void share()} data-testid="share-result">
        Share my result
      </button>{' '}
      {status && <span role="status">{status}</span>}
    </p>
  );
}
