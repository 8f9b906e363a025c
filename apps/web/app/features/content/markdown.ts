// Owner-written Markdown (policy texts, About section bodies) to HTML. Storefront pages call this in
// their loaders, so the parser stays on the server and out of the shopper's JavaScript; the back
// office's preview imports it into the admin chunk and so shows exactly what the page will.
//
// Safe by construction: raw HTML in the source is escaped, never passed through (html: false), and
// markdown-it's link check drops javascript:, vbscript:, file: and data: URLs. Images are off (the
// About images have their own field) and table alignment becomes a class, not an inline style,
// so nothing here needs more than the page's content security policy allows.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.disable('image');

type HeadingLevel = 2 | 3;
const ALIGN = /^text-align:(left|right|center)$/;

md.core.ruler.push('spice_tidy', (state) => {
  const top = (state.env as { topHeading?: HeadingLevel }).topHeading ?? 2;
  for (const token of state.tokens) {
    // The page (or section) title owns the levels above `top`: '# Delivery' in a policy body is h2.
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      const level = Number(token.tag.slice(1));
      if (level < top) token.tag = `h${top}`;
    }
    const style = token.attrGet('style');
    if (style !== null) {
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
      const align = ALIGN.exec(String(style))?.[1];
      if (align) token.attrJoin('class', `align-${align}`);
    }
  }
});

/**
 * The HTML of a Markdown text. `topHeading` is the highest heading level the text may use: 2 under
 * a page's h1 (policies), 3 under a section's h2 (About).
 */
export function renderMarkdown(source: string, options: { topHeading?: HeadingLevel } = {}): string {
  return md.render(source, { topHeading: options.topHeading ?? 2 });
}
