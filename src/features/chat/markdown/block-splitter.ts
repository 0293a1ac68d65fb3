/**
 * Incremental splitting of a (growing) Markdown text into top-level blocks, so a streamed reply of
 * 20,000 words is not re-parsed from the start on every chunk: completed blocks are cut once and kept
 * (the renderer memoises them by source), and only the open tail block is parsed again.
 *
 * A block ends at a blank line outside a code fence when the next non-blank line starts a new
 * top-level construct: not indented and not a list item (so a loose list, whose items are separated
 * by blank lines, stays one block and keeps its numbering). Appending text only ever scans the lines
 * after the last scanned one; any other change (a different text) starts over.
 */

export interface SplitResult {
  /** Completed blocks: their source never changes again while the text only grows. */
  blocks: readonly string[];
  /** The open last block (may be incomplete while streaming); '' when there is none. */
  tail: string;
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM_RE = /^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)/;

export function isBlankLine(line: string): boolean {
  return line.trim() === '';
}

/** A line that continues the current block after a blank line (indented content or another list item). */
function continuesAfterBlank(line: string): boolean {
  return /^\s/.test(line) || LIST_ITEM_RE.test(line);
}

export interface BlockSplitter {
  update(text: string): SplitResult;
}

export function createBlockSplitter(): BlockSplitter {
  let text = '';
  let blocks: string[] = [];
  let openStart = 0; // where the open block starts
  let scanPos = 0; // start of the first line not scanned yet
  let fence: { char: string; len: number } | null = null;
  let blankAt = -1; // start of the first blank line after content in the open block, or -1
  let hasContent = false;
  let last: SplitResult = { blocks, tail: '' };

  function reset() {
    text = '';
    blocks = [];
    openStart = 0;
    scanPos = 0;
    fence = null;
    blankAt = -1;
    hasContent = false;
  }

  return {
    update(next: string): SplitResult {
      if (next === text && last) return last;
      if (!next.startsWith(text)) reset();
      text = next;
      let committed = false;
      for (;;) {
        const nl = text.indexOf('\n', scanPos);
        if (nl < 0) break;
        const line = text.slice(scanPos, nl);
        if (fence) {
          const m = FENCE_RE.exec(line);
          if (m && m[1][0] === fence.char && m[1].length >= fence.len && line.trim() === m[1].trim()) fence = null;
        } else if (isBlankLine(line)) {
          if (hasContent && blankAt < 0) blankAt = scanPos;
        } else {
          if (blankAt >= 0 && !continuesAfterBlank(line)) {
            blocks = [...blocks, text.slice(openStart, blankAt).replace(/\n+$/, '')];
            committed = true;
            openStart = scanPos;
          }
          blankAt = -1;
          hasContent = true;
          const m = FENCE_RE.exec(line);
          if (m) fence = { char: m[1][0], len: m[1].length };
        }
        scanPos = nl + 1;
      }
      // The unfinished last line already tells that a new block began when its first character can
      // start neither indented content nor a list item (so a finished paragraph is not re-parsed).
      if (!fence && blankAt >= 0 && scanPos < text.length && /^[^\s\d*+-]/.test(text.slice(scanPos, scanPos + 1))) {
        blocks = [...blocks, text.slice(openStart, blankAt).replace(/\n+$/, '')];
        committed = true;
        openStart = scanPos;
        blankAt = -1;
      }
      const tail = text.slice(openStart).replace(/^\n+/, '');
      last = { blocks: committed || last.blocks !== blocks ? blocks : last.blocks, tail };
      return last;
    },
  };
}

/** One-shot split of a complete text (tests and non-streamed messages). */
export function splitBlocks(text: string): string[] {
  const { blocks, tail } = createBlockSplitter().update(text.endsWith('\n') ? text : `${text}\n`);
  return tail.trim() ? [...blocks, tail.replace(/\n+$/, '')] : [...blocks];
}
