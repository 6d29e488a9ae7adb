/**
 * The local user pool's email deliveries (confirmation and password-reset codes) written to the local
 * outbox instead of cognito-local's console box, so that signing up works from an app: the code is in
 * `<outbox>/<time>-<id>.eml`, From Cognito's default sender. Text messages still go to the console.
 */
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import type { Outbox } from '../services/outbox.ts';

/** The address Cognito sends from when a pool has no SES configuration of its own. */
export const COGNITO_DEFAULT_SENDER = 'no-reply@verificationemail.com';

export function outboxMessageSender(outbox: Outbox): MessageSender {
  const console = new ConsoleMessageSender();
  return {
    async sendEmail(_ctx, _user, destination, message) {
      const code = message.__code ?? '';
      await outbox.write({
        from: COGNITO_DEFAULT_SENDER,
        to: [destination],
        subject: message.emailSubject ?? 'Your verification code',
        text: message.emailMessage ?? `Your verification code is ${code}`,
      });
    },
    sendSms: (ctx, user, destination, message) => console.sendSms(ctx, user, destination, message),
  };
}
