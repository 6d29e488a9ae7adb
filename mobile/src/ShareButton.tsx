/** Share a scored prediction's card through the phone's share sheet (React Native's Share). */
import { Share } from 'react-native';
import { shareMessage, type Shareable } from '@pickem/client/share';
import { Button } from './ui';

export function ShareButton({ prediction }: { prediction: Shareable & { shareUrl: string } }) {
  const share = () => {
    const { title, text } = shareMessage(prediction);
    // Android shares `message` only, iOS `url` beside it: the link goes in both.
    void Share.share(
      { title, message: `${text} ${prediction.shareUrl}`, url: prediction.shareUrl },
      { subject: title },
    );
  };
  return <Button label="Share my result" onPress={share} />;
}
