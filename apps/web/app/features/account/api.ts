// Calls to the accounts API from the browser. Errors carry the server's message (spec texts).
import { acceptLanguageFor, currentPageLang, pageSpecMessages } from '../../i18n/page-lang';

// Before the page has rendered (never in practice: calls follow a shopper's action), English.
const NETWORK_ERROR = 'Network error. Please check your internet connection.';

export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  // The API answers its spec texts (errors) in the page's language.
  const lang = currentPageLang();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' }),
        'accept-language': acceptLanguageFor(lang),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, pageSpecMessages()?.messages.networkError ?? NETWORK_ERROR, {});
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      typeof body.message === 'string' ? body.message : `Request failed (${res.status})`,
      body,
    );
  return body as T;
}
