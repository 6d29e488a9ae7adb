/** A reminder's words about the card (issue 41): "1 match", never "its 1 match"; counts that agree in number. */
import { describe, expect, it } from 'vitest';
import { pickStatus, reminderEmail } from '../../amplify/functions/reminders/email.ts';

describe("a reminder's words", () => {
  it('says where the card stands in plain words, one match or many', () => {
    expect(pickStatus(0, 1)).toBe("The card's 1 match is not picked yet.");
    expect(pickStatus(0, 4)).toBe("None of the card's 4 matches is picked yet.");
    expect(pickStatus(1, 2)).toBe('You have picked 1 of 2; 1 match still unpicked.');
    expect(pickStatus(1, 4)).toBe('You have picked 1 of 4; 3 matches still unpicked.');
  });

  it('a one-match card reads "1 match" in the subject and the body', async () => {
    const email = await reminderEmail({
      to: 'p@example.com',
      from: 'pickem@example.com',
      eventName: 'Dynamite',
      startsAt: '2026-12-02T01:00:00.000Z',
      minutesBefore: 60,
      unpicked: 1,
      matchCount: 1,
      eventUrl: 'https://pickem.example.com/#/event/e1',
      unsubscribeUrl: 'https://pickem.example.com/unsubscribe?t=x',
    });
    const raw = Buffer.from(email.Content!.Raw!.Data!).toString('utf8');
    expect(raw).toContain('Subject: Dynamite locks in an hour: 1 match unpicked');
    expect(raw).toContain("The card's 1 match is not picked yet.");
    expect(raw).not.toMatch(/its 1 match/);
  });
});
