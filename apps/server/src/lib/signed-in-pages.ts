// Public pages (home, product, search, about, policies, contact) for a signed-in shopper, without
// a React render per request (decision 0020). Such a page differs from the one every visitor gets
// only by who is signed in: the header, the prefilled forms and the root loader's `user`. So it is
// rendered once per page, role and shape of the user (which fields are empty) with stand-in
// values, and each request fills in its shopper's values, escaped for where each one stands (HTML
// text and attributes as React escapes them, the loader data inside <script> as React Router's
// stream encodes it), and hashes the page's inline scripts again for its Content-Security-Policy.
// Everything that does not depend on the shopper is done once per template: the fixed text is kept
// as the bytes sent, the scripts with user values are hashed up to their first value, and the
// policy is ready but for those scripts' hashes. A request escapes its shopper's few values, copies
// the page into a buffer of its own and hashes those scripts from their first value on.
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

import { createHash, type Hash } from 'node:crypto';
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

/**
 * A page ready to be filled in: its fixed bytes, kept as they are sent, and what stands between
 * them. Per request only the shopper's values are escaped and encoded, the bytes copied into one
 * buffer, and the scripts holding those values hashed from their first value on.
 */
interface Template {
  status: number;
  headers: [string, string][];
  /** The page's fixed bytes: before the first user value, between each two, after the last. */
  fixed: Buffer[];
  fixedBytes: number;
  /** What stands after fixed[i]: an index into `values`. */
  slots: number[];
  /** The user values the page shows, once each, with where they stand (how they are escaped). */
  values: { field: Field; inScript: boolean }[];
  /** The render's own inline scripts with user values, hashed again for each request. */
  scripts: ScriptHash[];
  /** The Content-Security-Policy when the scripts with user values add no hash of their own. */
  policy: string;
  /** The same policy around the hashes of the scripts with user values. */
  policyBefore: string;
  policyAfter: string;
  /** CSP sources of the render's own inline scripts without a user value: the same for everyone. */
  fixedHashes: Set<string>;
}

/** An inline script with user values: its body runs from fixed[first] to fixed[last + 1]. */
interface ScriptHash {
  /** The slot of its first user value. */
  first: number;
  /** The hash of its bytes before that value, copied for each request. */
  prefix: Hash;
  /** The slot of its last user value, and where in fixed[last + 1] the body ends (bytes). */
  last: number;
  endAt: number;
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

/** A user value as the page shows it where it stands. */
function textOf(field: Field, inScript: boolean, user: UserDto): string {
  if (field === 'id') return String(user.id);
  const value = field === 'initial' ? initialOf(user) : user[field];
  return inScript ? escapeInScript(value) : escapeHtml(value);
}

function fill(parts: Part[], user: UserDto): string {
  let html = '';
  for (const part of parts) {
    html += typeof part === 'string' ? part : textOf(part.field, part.inScript, user);
  }
  return html;
}

const OWN_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The template's parts: the stand-in values found in `html`, each marked as in a script or not. */
function split(html: string, standIn: UserDto): Part[] {
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
    const inScript = before.lastIndexOf('<script') > before.lastIndexOf('</script');
    parts.push(html.slice(last, at), { field: tokens.get(match[0])!, inScript });
    last = at + match[0].length;
  }
  parts.push(html.slice(last));
  return parts;
}

/** NUL never stands in a policy: where the hashes of the scripts with user values go. */
const HASHES_HERE = '\u0000';

/**
 * The template of the page `html` (rendered for `standIn`, split into `parts`), or null when its
 * scripts cannot be hashed from the template's bytes (a user value across a script's edge).
 */
function compile(
  html: string,
  parts: Part[],
  standIn: UserDto,
  marker: string,
  basePolicy: Directives,
): Omit<Template, 'status' | 'headers'> | null {
  const texts: string[] = [];
  const slots: number[] = [];
  const values: Template['values'] = [];
  // Where each fixed text starts in `html`, and where each user value does.
  const textAt: number[] = [];
  const slotAt: number[] = [];
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      textAt.push(at);
      texts.push(part);
      at += part.length;
      continue;
    }
    let value = values.findIndex((v) => v.field === part.field && v.inScript === part.inScript);
    if (value < 0) value = values.push({ field: part.field, inScript: part.inScript }) - 1;
    slots.push(value);
    slotAt.push(at);
    at += textOf(part.field, part.inScript, standIn).length;
  }
  if (at !== html.length || texts.length !== slots.length + 1) return null;
  const fixed = texts.map((text) => Buffer.from(text, 'utf8'));
  const bytesTo = (chunk: number, offset: number) =>
    Buffer.byteLength(texts[chunk]!.slice(0, offset - textAt[chunk]!), 'utf8');

  // The render's own inline scripts (the policy allows them by hash, decision 0005).
  const fixedHashes = new Set<string>();
  const scripts: ScriptHash[] = [];
  for (const match of html.matchAll(OWN_SCRIPT)) {
    const [whole, attributes = '', body = ''] = match;
    if (!attributes.includes(`nonce="${marker}"`) || /\bsrc\s*=/i.test(attributes)) continue;
    // The opening tag ends at its first '>' (the attributes hold none).
    const bodyStart = match.index + whole.indexOf('>') + 1;
    const bodyEnd = bodyStart + body.length;
    const first = slotAt.findIndex((a) => a >= bodyStart);
    if (first < 0 || slotAt[first]! >= bodyEnd) {
      fixedHashes.add(hashOf(body));
      continue;
    }
    let last = first;
    while (last + 1 < slotAt.length && slotAt[last + 1]! < bodyEnd) last++;
    // The body starts in fixed[first] and ends in fixed[last + 1], never inside a user value.
    if (textAt[first]! > bodyStart || textAt[last + 1]! > bodyEnd) return null;
    const startAt = bytesTo(first, bodyStart);
    scripts.push({
      first,
      prefix: createHash('sha256').update(fixed[first]!.subarray(startAt)),
      last,
      endAt: bytesTo(last + 1, bodyEnd),
    });
  }
  const scriptSrc = [...(basePolicy['script-src'] ?? []), ...fixedHashes];
  const [policyBefore = '', policyAfter = ''] = serializePolicy({
    ...basePolicy,
    'script-src': [...scriptSrc, HASHES_HERE],
  }).split(HASHES_HERE);
  return {
    fixed,
    fixedBytes: fixed.reduce((n, b) => n + b.length, 0),
    slots,
    values,
    scripts,
    policy: serializePolicy({ ...basePolicy, 'script-src': scriptSrc }),
    policyBefore,
    policyAfter,
    fixedHashes,
  };
}

/** The page for `user`: the template's bytes with the user's values, and its policy. */
function fillPage(template: Template, user: UserDto): { page: Buffer; policy: string } {
  const texts = template.values.map((v) => textOf(v.field, v.inScript, user));
  const lengths = texts.map((t) => Buffer.byteLength(t, 'utf8'));
  let size = template.fixedBytes;
  for (const slot of template.slots) size += lengths[slot]!;
  // A fresh buffer for every request: nothing of one shopper's page stays for the next.
  const page = Buffer.allocUnsafe(size);
  /** Where each user value starts in `page`; the fixed part after it starts at its end. */
  const slotAt: number[] = [];
  let at = 0;
  const { fixed, slots } = template;
  for (let i = 0; i < slots.length; i++) {
    at += fixed[i]!.copy(page, at);
    slotAt.push(at);
    at += page.write(texts[slots[i]!]!, at, 'utf8');
  }
  at += fixed[slots.length]!.copy(page, at);
  if (at !== size) throw new Error(`signed-in page filled to ${at} of ${size} bytes`);

  const hashes: string[] = [];
  for (const { first, prefix, last, endAt } of template.scripts) {
    const end = slotAt[last]! + lengths[slots[last]!]! + endAt;
    const hash = `'sha256-${prefix.copy().update(page.subarray(slotAt[first], end)).digest('base64')}'`;
    if (!template.fixedHashes.has(hash) && !hashes.includes(hash)) hashes.push(hash);
  }
  const policy =
    hashes.length === 0
      ? template.policy
      : `${template.policyBefore}${hashes.join(' ')}${template.policyAfter}`;
  return { page, policy };
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
    sizeCalculation: (t) => (t === 'render' ? 1 : Math.max(1, t.fixedBytes)),
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
        const compiled = compile(firstHtml, parts, plain, marker, options.policy);
        if (compiled) result = { status: first.status, headers, ...compiled };
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

      const { page, policy } = fillPage(template, user);
      reply.status(template.status);
      for (const [name, value] of template.headers) reply.header(name, value);
      reply
        .header('content-security-policy', policy)
        .header('cache-control', 'private, no-store')
        .header('x-page-cache', 'template');
      reply.send(page);
      return true;
    },
  };
}
