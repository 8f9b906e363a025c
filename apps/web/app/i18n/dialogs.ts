// Messages of the dialogs the layout opens later (login, contact, cart drawer): not in any page's
// data; fetched from /i18n/<lang>/<dialog> (routes/i18n-dialog.ts) when the dialog first renders,
// kept for the rest of the visit, and added to every translator of that language (index.ts).
// Imported by the dialogs only, so it travels in their lazily loaded code.
import { type Lang, pathLang } from '@spice/shared/lang';
import { use } from 'react';
import { useLocation } from 'react-router';
import { dialogMessages, type PageMessages } from './index';
import type { Dialog } from './namespaces';

const loaded: Record<Lang, Map<Dialog, PageMessages>> = { en: new Map(), hi: new Map() };
const loading = new Map<string, Promise<PageMessages | null>>();

/** The build's version: a new release asks for new URLs, so caches never mix releases. */
function buildVersion(): string {
  const manifest = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest;
  return manifest?.version ?? '';
}

/**
 * Starts loading a dialog's messages (call it beside the dialog's import()). Resolves to null when
 * the network fails: the dialog then shows its keys rather than breaking the page, and the next
 * opening tries again.
 */
export function loadDialogMessages(dialog: Dialog, lang: Lang): Promise<PageMessages | null> {
  const id = `${lang}/${dialog}`;
  const ready = loaded[lang].get(dialog);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(id);
  if (!pending) {
    pending = fetch(`/i18n/${id}?v=${encodeURIComponent(buildVersion())}`)
      .then((response) => (response.ok ? (response.json() as Promise<PageMessages>) : null))
      .catch(() => null)
      .then((messages) => {
        if (messages) {
          loaded[lang].set(dialog, messages);
          dialogMessages[lang].push(messages);
        } else loading.delete(id);
        return messages;
      });
    loading.set(id, pending);
  }
  return pending;
}

/**
 * In a dialog's component: suspends until its messages in the page's language are here (the
 * dialog renders inside a Suspense boundary, as lazy() code does). Never on the server: dialogs
 * open in the browser.
 */
export function useDialogMessages(dialog: Dialog): void {
  const lang = pathLang(useLocation().pathname);
  if (typeof window === 'undefined' || loaded[lang].has(dialog)) return;
  use(loadDialogMessages(dialog, lang));
}
