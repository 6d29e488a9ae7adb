/** The phone's Share button on a scored prediction: React Native's share sheet gets the card's link. */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react-native';
import { Share } from 'react-native';
import { ShareButton } from '../src/ShareButton';

describe('sharing a result from the phone', () => {
  it("opens the share sheet with the card's link, in the message and as the url", async () => {
    const share = jest.spyOn(Share, 'share').mockResolvedValue({ action: Share.sharedAction });
    const shareUrl = 'https://share.example/c/abc';
    await render(<ShareButton prediction={{ eventName: 'Full Gear', points: 65, rank: 3, shareUrl }} />);
    await fireEvent.press(screen.getByText('Share my result'));
    expect(share).toHaveBeenCalledWith(
      { title: "Pick'Em: Full Gear", message: `Full Gear on Pick'Em: #3 with 65 points. ${shareUrl}`, url: shareUrl },
      { subject: "Pick'Em: Full Gear" },
    );
    share.mockRestore();
  });
});
