import { memo, useRef } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { createBlockSplitter, type BlockSplitter } from './block-splitter';
import { renderMarkdownBlock } from './render-block';

/**
 * Markdown of a chat reply, safe (see render-block.tsx) and fast while streaming: the text is cut into
 * top-level blocks incrementally (block-splitter.ts); completed blocks are memoised by their source
 * and never re-parsed or re-rendered; only the open tail block is parsed on each update.
 */
const prose = css({
  fontSize: 'md',
  lineHeight: '1.65',
  color: 'fg.default',
  overflowWrap: 'anywhere',
  // groups are the direct children, blocks the children of a group: both spaced alike
  '& > * + *, & [data-md-block] + [data-md-block]': { mt: '3' },
  '& [data-md-block] > * + *': { mt: '3' },
  '& p': { m: '0' },
  '& h3, & h4, & h5, & h6': { fontWeight: 'semibold', lineHeight: '1.3', m: '0', mt: '1' },
  '& h3[data-level="1"]': { fontSize: 'xl' },
  '& h3[data-level="2"]': { fontSize: 'lg' },
  '& h4, & h3': { fontSize: 'md' },
  '& ul, & ol': { m: '0', pl: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { mt: '1' },
  '& li > ul, & li > ol': { mt: '1' },
  '& a': { color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& code': {
    fontFamily: 'mono',
    fontSize: '0.875em',
    bg: 'bg.subtle',
    borderRadius: 'sm',
    px: '1',
    py: '0.5',
  },
  '& pre': {
    m: '0',
    p: '3',
    bg: 'bg.subtle',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'md',
    overflowX: 'auto',
    fontSize: 'sm',
    lineHeight: '1.5',
    '& code': { bg: 'transparent', p: '0', fontSize: 'inherit', whiteSpace: 'pre' },
  },
  '& blockquote': { m: '0', pl: '3', borderLeftWidth: '3px', borderColor: 'border.strong', color: 'fg.muted' },
  '& hr': { border: 'none', borderTopWidth: '1px', borderColor: 'border.default' },
  '& [data-table-scroll]': { overflowX: 'auto' },
  '& table': { borderCollapse: 'collapse', fontSize: 'sm' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border.default', px: '2.5', py: '1.5', textAlign: 'start', verticalAlign: 'top' },
  '& th': { bg: 'bg.subtle', fontWeight: 'semibold' },
});

const Block = memo(function Block({ source, id }: { source: string; id: string }) {
  return <div data-md-block="">{renderMarkdownBlock(source, id)}</div>;
});

/**
 * Blocks are rendered in fixed groups, each memoised: a streamed chunk only re-renders the group holding
 * the open tail (and a new one when a group fills), not a walk over all ~900 blocks of a long reply.
 * Each group is also its own element ([data-md-group]): when the tail grows, the browser's layout walks the
 * ~20 groups of a 20,000-word reply and the blocks of the open one, not all ~900 blocks (measured with
 * tests/bench/chat-stream.spec.ts).
 */
const GROUP_SIZE = 50;

interface GroupProps {
  blocks: readonly string[];
  tail: string;
  start: number;
  end: number;
}

const sourceAt = (p: GroupProps, i: number) => (i < p.blocks.length ? p.blocks[i] : p.tail);

const BlockGroup = memo(
  function BlockGroup(p: GroupProps) {
    const out = [];
    for (let i = p.start; i < p.end; i++) out.push(<Block key={i} id={`b${i}`} source={sourceAt(p, i)} />);
    return <div data-md-group="">{out}</div>;
  },
  (a, b) => {
    if (a.start !== b.start || a.end !== b.end) return false;
    for (let i = a.start; i < a.end; i++) if (sourceAt(a, i) !== sourceAt(b, i)) return false;
    return true;
  },
);

export interface MarkdownProps {
  text: string;
  className?: string;
}

/** Memoised: a parent re-rendering with the same text (a streaming frame, the history taking over) costs nothing. */
export const Markdown = memo(function Markdown({ text, className }: MarkdownProps) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= createBlockSplitter();
  // update() is idempotent for the same text, so calling it during render is safe (StrictMode too).
  const { blocks, tail } = splitter.current.update(text);
  // the open tail is the block after the completed ones (same key when it completes: no re-mount)
  const count = blocks.length + (tail.trim() !== '' ? 1 : 0);
  const groups = [];
  for (let start = 0; start < count; start += GROUP_SIZE) {
    groups.push(<BlockGroup key={start} blocks={blocks} tail={tail} start={start} end={Math.min(count, start + GROUP_SIZE)} />);
  }
  return <div className={cx(prose, className)}>{groups}</div>;
});
