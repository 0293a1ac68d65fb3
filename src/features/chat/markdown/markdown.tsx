import { cloneElement, isValidElement, memo, useRef, type ReactElement, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
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

/** Blocks that hold text: the caret goes after their inline content (or into their last block: a list in an item). */
const TEXT_BLOCKS = new Set(['p', 'h3', 'h4', 'h5', 'h6', 'li', 'pre', 'td', 'th']);
/** Blocks that hold only other blocks: the caret goes into their last one. */
const CONTAINERS = new Set(['div', 'ul', 'ol', 'blockquote', 'table', 'thead', 'tbody', 'tr']);
const tagOf = (n: ReactNode) => (isValidElement(n) && typeof n.type === 'string' ? n.type : null);

function childrenOf(el: ReactElement): ReactNode[] {
  const c = (el.props as { children?: ReactNode }).children;
  return c === undefined || c === null ? [] : Array.isArray(c) ? (c as ReactNode[]) : [c];
}

/** `node` with the caret placed at the end of its last line of text, or null when it has no place for one. */
function placeCaret(node: ReactNode, caret: ReactElement): ReactNode | null {
  const tag = tagOf(node);
  if (!tag || !(TEXT_BLOCKS.has(tag) || CONTAINERS.has(tag))) return null;
  const el = node as ReactElement;
  const kids = childrenOf(el);
  const last = kids[kids.length - 1];
  const inner = placeCaret(last, caret);
  if (inner) return cloneElement(el, undefined, ...kids.slice(0, -1), inner);
  // children passed as arguments: no keys are added or needed
  return TEXT_BLOCKS.has(tag) ? cloneElement(el, undefined, ...kids, caret) : null;
}

/**
 * A block's rendered `nodes` with `caret` at the end of its last line of text — after the last list item's text, in
 * the last table cell, on a code block's last line — rather than on a line of its own below it. Where there is no
 * such place (a rule, a table without rows yet) it follows the block.
 */
function withCaret(nodes: ReactNode[], caret: ReactElement): ReactNode[] {
  const placed = placeCaret(nodes[nodes.length - 1], caret);
  return placed ? [...nodes.slice(0, -1), placed] : [...nodes, caret];
}

const Block = memo(function Block({ source, id, caret }: { source: string; id: string; caret?: ReactElement }) {
  const nodes = renderMarkdownBlock(source, id);
  return <div data-md-block="">{caret ? withCaret(nodes, caret) : nodes}</div>;
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
  /** the caret, when the last block of the reply is in this group */
  caret?: ReactElement;
}

const sourceAt = (p: GroupProps, i: number) => (i < p.blocks.length ? p.blocks[i] : p.tail);

const BlockGroup = memo(
  function BlockGroup(p: GroupProps) {
    const out = [];
    for (let i = p.start; i < p.end; i++) out.push(<Block key={i} id={`b${i}`} source={sourceAt(p, i)} caret={i === p.end - 1 ? p.caret : undefined} />);
    return <div data-md-group="">{out}</div>;
  },
  (a, b) => {
    if (a.start !== b.start || a.end !== b.end || a.caret !== b.caret) return false;
    for (let i = a.start; i < a.end; i++) if (sourceAt(a, i) !== sourceAt(b, i)) return false;
    return true;
  },
);

export interface MarkdownProps {
  text: string;
  className?: string;
  /** shown at the end of the text's last line while it is still being written (a streaming reply) */
  caret?: ReactElement;
}

/** Memoised: a parent re-rendering with the same text (a streaming frame, the history taking over) costs nothing. */
export const Markdown = memo(function Markdown({ text, className, caret }: MarkdownProps) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= createBlockSplitter();
  // update() is idempotent for the same text, so calling it during render is safe (StrictMode too).
  const { blocks, tail } = splitter.current.update(text);
  // the open tail is the block after the completed ones (same key when it completes: no re-mount)
  const count = blocks.length + (tail.trim() !== '' ? 1 : 0);
  const groups = [];
  for (let start = 0; start < count; start += GROUP_SIZE) {
    const end = Math.min(count, start + GROUP_SIZE);
    groups.push(<BlockGroup key={start} blocks={blocks} tail={tail} start={start} end={end} caret={end === count ? caret : undefined} />);
  }
  return (
    <div className={cx(prose, className)}>
      {groups}
      {count === 0 && caret}
    </div>
  );
});
