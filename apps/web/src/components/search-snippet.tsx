import type { SnippetPart } from '@app/contracts';

/** A snippet's text, its matched parts in `<mark>`: text only (React escapes it), never HTML from the data. */
export function SearchSnippet({ parts }: { parts: readonly SnippetPart[] }) {
  return parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text));
}
