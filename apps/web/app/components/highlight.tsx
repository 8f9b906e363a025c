// Text with the words a search matched in <mark>. The parts are React text children, so a query
// like <img onerror=…> is shown as text and never becomes HTML. The matching itself
// (@spice/shared/search-highlight, with the spellings table) is imported where it is used: the
// results page statically, the header's dropdown lazily, to keep it out of first-load JS.
import type { TextPart } from '@spice/shared/search-highlight';

export function MarkedText({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
        part.mark ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
