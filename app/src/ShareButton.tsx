/**
 * Share a scored prediction's card: the browser's share sheet (Web Share API) where there is one, else
 * the link copied to the clipboard.
 */
import { useState } from 'react';
import { shareMessage, type Shareable } from '@pickem/client/share';

export function ShareButton({ prediction }: { prediction: Shareable & { shareUrl: string } }) {
  const [status, setStatus] = useState<string | null>(null);
  async function share() {
    const { title, text } = shareMessage(prediction);
    const data = { title, text, url: prediction.shareUrl };
    try {
      if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(prediction.shareUrl);
      setStatus('Link copied');
    } catch (err) {
      // Closing the share sheet is no failure.
      if ((err as Error).name === 'AbortError') return;
      setStatus(`Could not share: copy this link instead: ${prediction.shareUrl}`);
    }
  }
  return (
    <p className="share">
      <button type="button" onClick={() => void share()} data-testid="share-result">
        Share my result
      </button>{' '}
      {status && <span role="status">{status}</span>}
    </p>
  );
}
