import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, bullet and numbered lists, emphasis and links', () => {
    const html = renderMarkdown(
      '## Shipping charges\n\n- Free above **₹499**\n- Up to ₹90 below\n\n1. Pack\n2. Ship\n\nWrite to [us](mailto:care@kesarchakki.in).',
    );
    expect(html).toContain('<h2>Shipping charges</h2>');
    expect(html).toContain(
      '<ul>\n<li>Free above <strong>₹499</strong></li>\n<li>Up to ₹90 below</li>\n</ul>',
    );
    expect(html).toContain('<ol>\n<li>Pack</li>\n<li>Ship</li>\n</ol>');
    expect(html).toContain('<a href="mailto:care@kesarchakki.in">us</a>');
  });

  it('starts a list right after a line of prose, as the owner types it', () => {
    expect(renderMarkdown('Shipping charges:\n- Free above ₹499.\n- ₹90 below.')).toBe(
      '<p>Shipping charges:</p>\n<ul>\n<li>Free above ₹499.</li>\n<li>₹90 below.</li>\n</ul>\n',
    );
  });

  it('keeps body headings below the page or section title', () => {
    expect(renderMarkdown('# Title\n\n### Small')).toBe('<h2>Title</h2>\n<h3>Small</h3>\n');
    expect(renderMarkdown('# A\n\n## B\n\n#### C', { topHeading: 3 })).toBe(
      '<h3>A</h3>\n<h3>B</h3>\n<h4>C</h4>\n',
    );
  });

  it('escapes raw HTML and drops script links, so no markup of the author runs', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows no images and puts table alignment in a class, not an inline style', () => {
    expect(renderMarkdown('![x](https://evil.example/x.png)')).not.toContain('<img');
    const table = renderMarkdown('| Cart | Charge |\n|:--|--:|\n| ₹0 | ₹90 |');
    expect(table).toContain('<th class="align-left">Cart</th>');
    expect(table).toContain('<td class="align-right">₹90</td>');
    expect(table).not.toContain('style=');
  });
});
