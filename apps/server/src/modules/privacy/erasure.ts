// Erasing one's account, as the shop does it (issue 35, decision 0036): nothing may be on its way
// or owed; the account's mobile gets a one-time code by SMS, worded like the login code and under
// the same rules (auth/otp-rules.ts: 6 digits, 5 minutes, 5 guesses, resend limits), bound to the
// asking session; the right code erases the account (privacy/service.ts erase).
import type { UserDto } from '@spice/shared/contracts/accounts';
import { PRIVACY_TEXTS } from '@spice/shared/contracts/privacy';
import type { Lang } from '@spice/shared/lang';
import { MESSAGES } from '@spice/shared/messages';
import type { createOtpService, OtpMessages } from '../auth/otp-service.ts';
import { erasureCodeSms } from '../messaging/rights-templates.ts';
import type { PrivacyService } from './service.ts';

export const ERASURE_MESSAGES: OtpMessages = {
  sendFailed: MESSAGES.otpSendFailed,
  wrong: PRIVACY_TEXTS.wrongCode,
};

type Otp = ReturnType<typeof createOtpService>;

export interface ErasureRequest {
  user: UserDto;
  sessionHash: string;
  client: { address: string; deviceHash: string | null };
  lang: Lang;
}

export function createErasure(deps: {
  otp: Pick<Otp, 'issue' | 'verify'>;
  privacy: Pick<PrivacyService, 'assertNothingInProgress' | 'erase'>;
  facts: () => Promise<{ storeName: string; ttlSeconds: number }>;
}) {
  return {
    /** Step 1: refuses while an order is in progress, else texts the code to the account's mobile. */
    async sendCode(r: ErasureRequest): Promise<{ codeSent: true }> {
      await deps.privacy.assertNothingInProgress(r.user.id);
      const facts = await deps.facts();
      await deps.otp.issue({
        purpose: 'erasure',
        target: r.user.mobile,
        sessionHash: r.sessionHash,
        client: r.client,
        messages: ERASURE_MESSAGES,
        compose: (code) => ({
          channel: 'sms',
          to: r.user.mobile,
          code,
          text: erasureCodeSms({ ...facts, code }, r.lang),
        }),
      });
      return { codeSent: true };
    },

    /** Step 2: the right code erases the account; a wrong one counts against the code's guesses. */
    async confirm(r: ErasureRequest, otp: string): Promise<void> {
      await deps.privacy.assertNothingInProgress(r.user.id);
      await deps.otp.verify({
        purpose: 'erasure',
        target: r.user.mobile,
        sessionHash: r.sessionHash,
        guess: otp,
        messages: ERASURE_MESSAGES,
      });
      await deps.privacy.erase(r.user);
    },
  };
}
