// The storefront's loaders find the shopper through the render's user(): the root loader and the
// page's loader both ask, and the session is read once per render.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { describe, expect, it } from 'vitest';
import type { LoadedSession } from '../modules/auth/sessions.ts';
import { renderUser } from './storefront.ts';

const asha: UserDto = {
  id: 7,
  firstName: 'Asha',
  lastName: 'Rao',
  mobile: '9812345670',
  phoneNumber: '+919812345670',
  email: 'asha@example.in',
  role: 'customer',
};

function sessions(user: UserDto | null) {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    async lookup(id: string | undefined): Promise<LoadedSession | null> {
      asked.push(id);
      if (!id || !user) return null;
      return {
        idHash: 'h',
        userId: user.id,
        verifiedMobile: user.mobile,
        validatedEmail: null,
        expiresAt: new Date(),
        user,
      };
    },
  };
}

describe("a render's user()", () => {
  it('reads the session once however many loaders ask, at once or one after another', async () => {
    const store = sessions(asha);
    const user = renderUser(store, 'sid-1');
    const [a, b] = await Promise.all([user(), user()]);
    expect(await user()).toEqual(asha);
    expect(a).toBe(b);
    expect(store.asked).toEqual(['sid-1']);
  });

  it('answers null without a cookie or for a session that ended', async () => {
    expect(await renderUser(sessions(asha), undefined)()).toBeNull();
    expect(await renderUser(sessions(null), 'sid-2')()).toBeNull();
  });

  it('reads nothing when no loader asks', () => {
    const store = sessions(asha);
    renderUser(store, 'sid-3');
    expect(store.asked).toEqual([]);
  });
});
