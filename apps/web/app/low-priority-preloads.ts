// The page's HTML on its way out of the server (entry.server.tsx): React Router's script preloads
// asked for at low priority.
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULEPRELOAD = '<link rel="modulepreload"';
const CHARSET = '<meta charSet="utf-8"/>';
/** The longest text rewritten: a tag cut shorter than this waits for the next chunk. */
const LONGEST = Math.max(MODULEPRELOAD.length, CHARSET.length);

/**
 * The head's fixed tags that need no script: the theme colour, the icon and the language's web app
 * manifest (issue 42). Written here by the server, after the charset, rather than by root.tsx, so
 * they add nothing to the scripts every page loads (the home's budget: decision 0017).
 */
export function headTags(manifestHref: string): string {
  return (
    '<meta name="theme-color" content="#7a2e0e"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
    `<link rel="manifest" href="${manifestHref}"/>`
  );
}

/**
 * React Router's modulepreload links at low priority: the browser still fetches all of the page's
 * scripts at once (no waterfall), but after the page's main image, and a script fetched at high
 * priority counts as render-blocking in Lighthouse's simulation (its FCP waited for all 125 kB on a
 * slow link while the browser had painted long before: issue 33). A tag split across two chunks
 * starts at the chunk's last '<': that tail waits for the next chunk. `head` goes after the charset
 * (headTags).
 */
export function lowPriorityPreloads(head = ''): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  const rewrite = (text: string) =>
    text.replaceAll(MODULEPRELOAD, `${MODULEPRELOAD} fetchpriority="low"`).replace(CHARSET, CHARSET + head);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = held + decoder.write(chunk);
      const lastTag = text.lastIndexOf('<');
      const cut = lastTag !== -1 && text.length - lastTag < LONGEST ? lastTag : text.length;
      held = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(held + decoder.end()));
    },
  });
}
