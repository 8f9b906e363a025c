// Sharing a product (issue 42): the phone's own share sheet (Web Share API) where the browser has
// one, otherwise a 'Share on WhatsApp' link with the product's name and address, which is also
// what the server renders (it works without JavaScript). Part of the product page's own scripts.
import { useT } from '../../i18n';
import { useHydrated } from '../../use-hydrated';

export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

export function ShareButton({ name, store, url }: { name: string; store: string; url: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const text = t('pwa.shareText', { name, store });
  const canShare = hydrated && typeof navigator.share === 'function';
  if (canShare) {
    return (
      <button
        type="button"
        className="share-button"
        onClick={() => void navigator.share({ title: name, text, url }).catch(() => undefined)}
      >
        {t('pwa.share')}
      </button>
    );
  }
  return (
    <a className="share-button" href={whatsAppShareUrl(text, url)} target="_blank" rel="noopener noreferrer">
      {t('pwa.shareWhatsApp')}
    </a>
  );
}
