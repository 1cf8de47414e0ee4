import type { JSX } from 'preact';
import type { Block } from '../../src/lookup/search';

/*
 * The rule text of docs/rules/, shown as text: paragraphs, lists, **bold**, *emphasis* and `code`
 * become Preact elements; nothing is ever parsed as HTML. A link keeps only its words.
 */

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[([^\]]+)\]\([^)]*\)/g;

export function Inline({ text }: { text: string }) {
  const parts: (string | JSX.Element)[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const key = parts.length;
    if (m[1] !== undefined) parts.push(<strong key={key}>{m[1]}</strong>);
    else if (m[2] !== undefined) parts.push(<em key={key}>{m[2]}</em>);
    else if (m[3] !== undefined) parts.push(<code key={key}>{m[3]}</code>);
    else parts.push(m[4]!);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

export function RuleText({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((b, i) => {
        if (typeof b === 'string') {
          return (
            <p key={i}>
              <Inline text={b} />
            </p>
          );
        }
        const items = 'ul' in b ? b.ul : b.ol;
        const children = items.map((item, j) => (
          <li key={j}>
            <Inline text={item} />
          </li>
        ));
        return 'ul' in b ? <ul key={i}>{children}</ul> : <ol key={i}>{children}</ol>;
      })}
    </>
  );
}
