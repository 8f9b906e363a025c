// The profile's switch for delivery updates on this phone (issue 42).
import { useState } from 'react';
import { useT } from '../../i18n';
import { pushClient, usePushState } from './push-state';

export function PushSwitch() {
  const t = useT();
  const [state, setState] = usePushState();
  const [busy, setBusy] = useState(false);
  if (state === null) return null;
  if (state === 'unsupported') return null;
  const on = state === 'on';
  return (
    <section className="push-switch">
      <label>
        <input
          type="checkbox"
          checked={on}
          disabled={busy || state === 'denied'}
          onChange={async () => {
            setBusy(true);
            const m = await pushClient();
            setState(on ? await m.turnPushOff() : await m.turnPushOn());
            setBusy(false);
          }}
        />{' '}
        {t('pwa.pushProfileLabel')}: {on ? t('pwa.pushProfileOnState') : t('pwa.pushProfileOff')}
      </label>
      {state === 'denied' ? <p role="alert">{t('pwa.pushDenied')}</p> : null}
      {state === 'failed' ? <p role="alert">{t('pwa.pushFailed')}</p> : null}
    </section>
  );
}
