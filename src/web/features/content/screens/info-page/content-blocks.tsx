import type { ReactNode } from 'react';
import type { ContentBlock } from '../../../../../contract/content.ts';

/** Content blocks as elements; text is always text (React escapes it), never markup. Consecutive list items share one list. */
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  const out: ReactNode[] = [];
  let items: ReactNode[] = [];
  const flush = () => {
    if (items.length > 0) out.push(<ul key={`ul${out.length}`}>{items}</ul>);
    items = [];
  };
  blocks.forEach((block, i) => {
    if (block.kind === 'li') {
      items.push(<li key={i}>{block.text}</li>);
      return;
    }
    flush();
    if (block.kind === 'h2') out.push(<h2 key={i}>{block.text}</h2>);
    else if (block.kind === 'h3') out.push(<h3 key={i}>{block.text}</h3>);
    else out.push(<p key={i}>{block.text}</p>);
  });
  flush();
  return <>{out}</>;
}
