// English and Hindi side by side (decision 0018): each translatable text is edited as a pair, the
// English on the left and its Hindi on the right on a wide screen, the Hindi under the English on
// a phone. The Hindi is optional: left blank, Hindi pages show the English.
import type { ReactNode } from 'react';

export const HINDI_HINT = 'Optional. Left blank, Hindi pages show the English.';

/** Labels for the two columns, so every field says which language it takes. */
export const inEnglish = (label: string) => `${label} (English)`;
export const inHindi = (label: string) => `${label} (Hindi)`;

/** A pair of fields: English first, then Hindi. */
export function Bilingual({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`admin-bilingual admin-form__wide ${className}`.trim()}>{children}</div>;
}

/** The heading row above paired lists (About lines), shown only where the columns sit side by side. */
export function BilingualHeads() {
  return (
    <div className="admin-bilingual__heads" aria-hidden="true">
      <span>English</span>
      <span lang="hi">हिन्दी (Hindi)</span>
    </div>
  );
}
