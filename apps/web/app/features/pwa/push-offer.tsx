// 'Get delivery updates on this phone' (issue 42): offered once an order is placed (never before a
// purchase), and as a switch on the profile. The push code loads only when one of them shows.
import { useState } from 'react';
import { useT } from '../../i18n';
import { pushClient, usePushState } from './push-state';

export function PushOffer() {
  const t = useT();
  const [state, setState] = usePushState();
  const [busy, setBusy] = useState(false);
  if (state === null || state === 'unsupported') return null;
  if (state === 'on') {
    return (
      <p className="push-offer push-offer--on" role="status">
        {t('pwa.pushOn')}
      </p>
    );
  }
  return (
    <section className="push-offer" aria-labelledby="push-offer-heading">
      <h2 id="push-offer-heading">{t('pwa.pushOffer')}</h2>
      <p>{t('pwa.pushOfferText')}</p>
      {state === 'denied' ? <p role="alert">{t('pwa.pushDenied')}</p> : null}
      {state === 'failed' ? <p role="alert">{t('pwa.pushFailed')}</p> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={busy || state === 'denied'}
        onClick={async () => {
          setBusy(true);
          setState(await (await pushClient()).turnPushOn());
          setBusy(false);
        }}
      >
        {t('pwa.pushOffer')}
      </button>
    </section>
  );
}
