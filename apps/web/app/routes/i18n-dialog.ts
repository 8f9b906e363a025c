// GET /i18n/<lang>/<dialog>: the messages of a dialog the layout opens later (i18n/dialogs.ts),
// compiled, in one language. The URL carries the build's version, so a day's caching is safe.
import { LANGS } from '@spice/shared/lang';
import { DIALOG_NAMESPACES, type Dialog } from '../i18n/namespaces';
import { messagesOf } from '../i18n/server';
import type { Route } from './+types/i18n-dialog';

export function loader({ params }: Route.LoaderArgs) {
  const lang = LANGS.find((l) => l === params.lang);
  const dialog = Object.hasOwn(DIALOG_NAMESPACES, params.dialog) ? (params.dialog as Dialog) : null;
  if (!lang || !dialog) return new Response('Not found', { status: 404 });
  return Response.json(messagesOf(lang, DIALOG_NAMESPACES[dialog]), {
    headers: { 'Cache-Control': 'public, max-age=86400' },
  });
}
