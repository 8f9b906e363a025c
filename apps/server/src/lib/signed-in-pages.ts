// Public pages (home, product, search, about, policies, contact) for a signed-in shopper, without
// a React render per request (decision 0020). Such a page differs from the one every visitor gets
// only by who is signed in: the header, the prefilled forms and the root loader's `user`. So it is
// rendered once per page, role and shape of the user (which fields are empty) with stand-in
// values, and each request fills in its shopper's values, escaped for where each one stands (HTML
// text and attributes as React escapes them, the loader data inside <script> as React Router's
// stream encodes it), and hashes the page's inline scripts again for its Content-Security-Policy.
//
// A page is used as a template only after a proof: it is rendered a second time with other
// stand-ins full of characters that need escaping (quotes, <, &, backslash, Devanagari, U+2028),
// and the first render with those values filled in must equal the second byte for byte. A page
// that formats a user value (a masked mobile, a first letter) fails the proof and is rendered in
// full for every request, as before.
//
// What is kept is the same as the public page cache keeps (lib/page-cache.ts): renders of the
// shop's public data, dropped when that data's generation changes and after the same time to
// live. Nothing about the shopper is kept: the session and its user are read from the database
// for every request (one query), so a logout or a change on another instance applies at once.

import { createHash } from 'node:crypto';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type Directives, serializePolicy } from './content-security-policy.ts';
import { isPublicPagePath, offerBit } from './page-cache.ts';

/** The user fields a page may show; `id` is a number, the rest strings. */
const STRING_FIELDS = ['firstName', 'lastName', 'mobile', 'phoneNumber', 'email'] as const;
type StringField = (typeof STRING_FIELDS)[number];
/** `initial`: the header's avatar letter, `firstName.slice(0, 1).toUpperCase()` (header.tsx). */
type Field = StringField | 'id' | 'initial';

const initialOf = (user: UserDto) => user.firstName.slice(0, 1).toUpperCase();

/** Renders the page as if `user` were signed in, with `marker` on its own inline scripts. */
export type RenderAs = (user: UserDto, marker: string) => Promise<Response>;

type Part = string | { field: Field; inScript: boolean };

interface Template {
  status: number;
  headers: [string, string][];
  parts: Part[];
  /** CSP sources of the render's own inline scripts without a user value: the same for everyone. */
  fixedHashes: string[];
  /** The render's own inline scripts with user values, hashed again for each request. */
  scripts: Part[][];
}

export interface SignedInPagesOptions {
  ttlMs: number;
  maxBytes: number;
  generation: () => number;
  /** The page policy's base directives (hashes of the inline scripts are added per page). */
  policy: Directives;
  /** A fresh marker for a render's own scripts. */
  marker: () => string;
}

export interface SignedInPages {
  /**
   * Answers a GET for a public page for `user` from the page's template; false when this page
   * cannot be answered that way (the caller renders it in full).
   */
  serve(request: FastifyRequest, reply: FastifyReply, user: UserDto, render: RenderAs): Promise<boolean>;
}

/**
 * Stand-ins: plain letters for the template, and for the proof awkward characters that begin and
 * end differently (so a value cut or formatted by a component shows up as a difference). The first
 * name starts with a private-use character of its own, the avatar letter.
 */
function standIns(user: UserDto, tag: 'A' | 'B', id: number): UserDto {
  const awkward = tag === 'B';
  const value = (field: StringField) =>
    user[field] === ''
      ? ''
      : `${field === 'firstName' ? (awkward ? '\uE002' : '\uE001') : ''}${
          awkward ? `"Qw${tag}${field}'<>&\\/ मसाला\u2028x` : `Zq${tag}${field}Zq`
        }`;
  return {
    ...user,
    id,
    firstName: value('firstName'),
    lastName: value('lastName'),
    mobile: value('mobile'),
    phoneNumber: value('phoneNumber'),
    email: value('email'),
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** As React escapes text and attribute values. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * As the value stands in React Router's data scripts: a JSON string inside the turbo-stream text,
 * which is itself a JSON string in the script, with HTML-significant characters escaped.
 */
const escapeInScript = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

function fill(parts: Part[], user: UserDto): string {
  let html = '';
  for (const part of parts) {
    if (typeof part === 'string') html += part;
    else if (part.field === 'id') html += String(user.id);
    else {
      const value = part.field === 'initial' ? initialOf(user) : user[part.field];
      html += part.inScript ? escapeInScript(value) : escapeHtml(value);
    }
  }
  return html;
}

const OWN_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/**
 * The template's parts: the stand-in values found in `html`, each marked as in a script or not
 * (`script`: `html` is a script's body).
 */
function split(html: string, standIn: UserDto, script = false): Part[] {
  const tokens = new Map<string, Field>();
  for (const field of STRING_FIELDS) if (standIn[field]) tokens.set(standIn[field], field);
  tokens.set(String(standIn.id), 'id');
  // After the first name, which starts with it (alternatives are tried in order).
  if (standIn.firstName) tokens.set(initialOf(standIn), 'initial');
  const pattern = new RegExp([...tokens.keys()].join('|'), 'g');
  const parts: Part[] = [];
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const at = match.index;
    const before = html.slice(0, at);
    const inScript = script || before.lastIndexOf('<script') > before.lastIndexOf('</script');
    parts.push(html.slice(last, at), { field: tokens.get(match[0])!, inScript });
    last = at + match[0].length;
  }
  parts.push(html.slice(last));
  return parts;
}

async function htmlOf(response: Response): Promise<string | null> {
  if (response.status !== 200 || response.headers.has('set-cookie')) return null;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return null;
  return response.text();
}

export function createSignedInPages(options: SignedInPagesOptions): SignedInPages {
  // null: the page failed the proof (or is not HTML); it is rendered in full until the data changes.
  const templates = new LRUCache<string, Template | 'render'>({
    maxSize: options.maxBytes,
    sizeCalculation: (t) =>
      t === 'render'
        ? 1
        : Math.max(
            1,
            t.parts.reduce((n, p) => n + (typeof p === 'string' ? p.length : 8), 0),
          ),
    ttl: options.ttlMs,
  });
  const building = new Map<string, Promise<Template | 'render'>>();
  let cachedGeneration = options.generation();

  async function build(user: UserDto, render: RenderAs): Promise<Template | 'render'> {
    const generation = options.generation();
    const plain = standIns(user, 'A', 900_000_001);
    const awkward = standIns(user, 'B', 900_000_002);
    const marker = options.marker();
    const first = await render(plain, marker);
    const firstHtml = await htmlOf(first);
    const secondHtml = firstHtml === null ? null : await htmlOf(await render(awkward, marker));
    let result: Template | 'render' = 'render';
    if (firstHtml !== null && secondHtml !== null) {
      const parts = split(firstHtml, plain);
      if (fill(parts, awkward) === secondHtml) {
        const headers = [...first.headers].filter(
          ([name]) => name !== 'content-length' && name !== 'content-security-policy',
        );
        // The render's own inline scripts (the policy allows them by hash, decision 0005).
        const fixedHashes = new Set<string>();
        const scripts: Part[][] = [];
        for (const [, attributes = '', body = ''] of firstHtml.matchAll(OWN_SCRIPT)) {
          if (!attributes.includes(`nonce="${marker}"`) || /\bsrc\s*=/i.test(attributes)) continue;
          const scriptParts = split(body, plain, true);
          if (scriptParts.length === 1) fixedHashes.add(hashOf(body));
          else scripts.push(scriptParts);
        }
        result = { status: first.status, headers, parts, fixedHashes: [...fixedHashes], scripts };
      }
    }
    return generation === options.generation() ? result : 'render';
  }

  return {
    async serve(request, reply, user, render) {
      if (request.method !== 'GET') return false;
      const url = new URL(`http://x${request.url}`);
      if (!isPublicPagePath(url.pathname) || url.pathname.endsWith('.data')) return false;

      const generation = options.generation();
      if (generation !== cachedGeneration) {
        templates.clear();
        cachedGeneration = generation;
      }
      const empty = STRING_FIELDS.map((f) => (user[f] === '' ? '0' : '1')).join('');
      // The Hindi banner's bit too: an English page offering Hindi is another page (page-cache.ts).
      const offer = offerBit(request, url.pathname) ? ' offer-hi' : '';
      const key = `${request.protocol}://${request.host}${request.url} ${user.role} ${empty}${offer}`;
      let template = templates.get(key);
      if (!template) {
        let pending = building.get(key);
        if (!pending) {
          pending = build(user, render)
            .then((t) => {
              if (generation === options.generation()) templates.set(key, t);
              return t;
            })
            .finally(() => building.delete(key));
          building.set(key, pending);
        }
        template = await pending;
      }
      if (template === 'render') return false;

      const html = fill(template.parts, user);
      const policy = serializePolicy({
        ...options.policy,
        'script-src': [
          ...(options.policy['script-src'] ?? []),
          ...new Set([...template.fixedHashes, ...template.scripts.map((p) => hashOf(fill(p, user)))]),
        ],
      });
      reply.status(template.status);
      for (const [name, value] of template.headers) reply.header(name, value);
      reply
        .header('content-security-policy', policy)
        .header('cache-control', 'private, no-store')
        .header('x-page-cache', 'template');
      reply.send(html);
      return true;
    },
  };
}
