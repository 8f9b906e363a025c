// Web push for order updates (issue 42): the browser's subscription as PushSubscription.toJSON()
// gives it, and the shop's public key.
import * as z from './zod.ts';

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url.');

export const PushSubscriptionInput = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(2000),
    keys: z.object({
      p256dh: Base64Url.min(80).max(100),
      auth: Base64Url.min(16).max(32),
    }),
  })
  .meta({ id: 'PushSubscriptionInput' });

export const PushEndpointInput = z
  .object({ endpoint: z.url({ protocol: /^https$/ }).max(2000) })
  .meta({ id: 'PushEndpointInput' });

export const PushKey = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
export const PushState = z.object({ subscribed: z.boolean() }).meta({ id: 'PushState' });

export type PushSubscriptionInputDto = z.infer<typeof PushSubscriptionInput>;
