import { describe, expect, it } from 'vitest';
import { highlightParts, matchedExcerpt } from './search-highlight.ts';
import { canonicalText, editDistance, normaliseText } from './spice-names.ts';

const marked = (text: string, q: string) =>
  highlightParts(text, q)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks the words a query names in any spelling or script', () => {
    expect(marked('Turmeric (Haldi) Powder', 'huldi')).toEqual(['Turmeric', 'Haldi']);
    expect(marked('Turmeric (Haldi) Powder', 'हल्दी')).toEqual(['Turmeric', 'Haldi']);
    expect(marked('हल्दी पाउडर', 'haldi')).toEqual(['हल्दी']);
    expect(marked('Red Chilli Powder', 'lal mirch')).toEqual(['Red Chilli']);
    expect(marked('Garam Masala', 'garam masla')).toEqual(['Garam Masala']);
    expect(marked('Turmeric (Haldi) Powder', 'tur')).toEqual(['Turmeric']);
  });
  it('tells black pepper (kali mirch) from chilli (mirch)', () => {
    expect(marked('Kerala black pepper and Byadgi chilli', 'kali mirch')).toEqual(['black pepper']);
    expect(marked('Kerala black pepper and Byadgi chilli', 'mirch')).toEqual(['chilli']);
  });
  it('keeps every character of the text, and a hostile query is only text', () => {
    const text = 'Chaat <b>Masala</b> & more';
    const parts = highlightParts(text, '<img src=x onerror=alert(1)> masala');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['Masala']);
    expect(highlightParts('Garam Masala', '   ')).toEqual([{ text: 'Garam Masala', mark: false }]);
  });
  it('cuts an excerpt around the first match of a description', () => {
    const excerpt = matchedExcerpt(
      'A soothing chai masala of dried ginger, green cardamom, cinnamon, black pepper and cloves for rainy afternoons and winter mornings, by the cup.',
      'elaichi',
      20,
    );
    expect(excerpt?.filter((p) => p.mark).map((p) => p.text)).toEqual(['cardamom']);
    expect(matchedExcerpt('Nothing here', 'elaichi')).toBeNull();
  });
});

describe('spice names', () => {
  it('normalises case, punctuation and Unicode forms', () => {
    expect(normaliseText('  Turmeric (HALDI)  Powder! ')).toBe('turmeric haldi powder');
    expect(normaliseText('हल्दी'.normalize('NFD'))).toBe('हल्दी');
  });
  it('reads every spelling as its row', () => {
    expect(canonicalText('dhaniya powder')).toBe(canonicalText('धनिया पाउडर'));
    expect(canonicalText('zeera')).toBe(canonicalText('cumin'));
    expect(canonicalText('kali mirch')).not.toBe(canonicalText('lal mirch'));
  });
  it('measures edits, stopping above the limit', () => {
    expect(editDistance('tumeric', 'turmeric', 2)).toBe(1);
    expect(editDistance('masla', 'masala', 1)).toBe(1);
    expect(editDistance('hing', 'kitchen', 2)).toBe(3);
  });
});
