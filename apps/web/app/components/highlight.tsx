// A product text with the words a search matched in <mark>. The parts are React text children,
// so a query like <img onerror=…> is shown as text and never becomes HTML.
import { highlightParts, type TextPart } from '@spice/shared/search-highlight';

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

export function Highlight({ text, query }: { text: string; query: string }) {
  return <MarkedText parts={highlightParts(text, query)} />;
}
