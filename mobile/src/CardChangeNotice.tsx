/** The event screen's notice of late card changes that touched the player's saved picks (gone once saved again). */
import { Text } from 'react-native';
import { cardChangeNotice } from '@pickem/client/card-change';
import type { Card } from '@pickem/client/card';
import { useTheme } from './ui';

export function CardChangeNotice({ card }: { card: Pick<Card, 'event' | 'myPrediction'> }) {
  const { styles } = useTheme();
  const lines = cardChangeNotice(card.event.cardChanges, card.myPrediction);
  if (lines.length === 0) return null;
  return (
    <Text testID="card-change" accessibilityRole="alert" style={[styles.alert, { fontWeight: '600' }]}>
      {lines.join('\n')}
    </Text>
  );
}
