import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { headTags, lowPriorityPreloads } from './low-priority-preloads';

const PAGE =
  '<head><style>h1{}</style><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><link rel="preload" as="image" href="/i.svg"/></head>' +
  '<body><h1>मसाले</h1><script type="module">import("/assets/a.js");</script></body>';
const WANTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityPreloads()));
}

describe('lowPriorityPreloads', () => {
  it('marks every modulepreload link low priority and leaves the rest byte for byte', async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(WANTED);
  });

  it('finds a link split across chunks at any byte, Devanagari split mid-character included', async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(WANTED);
    }
  });

  it('finds them in a page arriving a byte at a time', async () => {
    const bytes = Buffer.from(PAGE);
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(WANTED);
  });
});

describe('the head tags the server writes (issue 42)', () => {
  const HEAD = '<html><head><meta charSet="utf-8"/><meta name="viewport"/></head><body></body></html>';

  it('go right after the charset, at any cut of the page', async () => {
    const tags = headTags('/hi/manifest.webmanifest');
    const wanted = HEAD.replace('<meta charSet="utf-8"/>', `<meta charSet="utf-8"/>${tags}`);
    expect(tags).toContain('<link rel="manifest" href="/hi/manifest.webmanifest"/>');
    const bytes = Buffer.from(HEAD);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await text(
        Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowPriorityPreloads(tags)),
      );
      expect(out, `cut at ${cut}`).toBe(wanted);
    }
  });

  it('leave the page unchanged when there are none', async () => {
    expect(await through([Buffer.from(HEAD)])).toBe(HEAD);
  });
});
