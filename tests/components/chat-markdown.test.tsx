/** The chat's Markdown renderer: safe output (no HTML execution, safe links) and incremental streaming. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { Markdown } from '@/features/chat/markdown/markdown';
import { createBlockSplitter, splitBlocks } from '@/features/chat/markdown/block-splitter';
import { safeHref } from '@/features/chat/markdown/render-block';
import { createRequire } from 'node:module';

/** jsdom itself (the package has no type declarations here): only the constructor this file uses. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { runScripts: 'dangerously' }) => { window: Window & typeof globalThis };
};

/**
 * The flag a payload sets if it runs. The test environment's jsdom never runs scripts or inline handlers, so a flag
 * read there could never be set; instead the rendered HTML is loaded into a jsdom that does run them
 * (runScripts: 'dangerously'), and every element is sent 'error' and 'load' so inline onerror/onload handlers fire.
 */
function flagAfterRunning(html: string): number | undefined {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`, { runScripts: 'dangerously' });
  for (const el of dom.window.document.body.querySelectorAll('*')) {
    el.dispatchEvent(new dom.window.Event('error'));
    el.dispatchEvent(new dom.window.Event('load'));
  }
  const flag = (dom.window as unknown as { __pwned?: number }).__pwned;
  dom.window.close();
  return flag;
}

describe('Markdown rendering', () => {
  it('renders headings, lists, emphasis, code and tables as elements', () => {
    const text = [
      '## Plan: Key Points',
      '',
      'Intro with **bold**, *italic*, ~~gone~~ and `code`.',
      '',
      '- **Be specific:** one',
      '- Start simple',
      '  - nested',
      '',
      '3. third',
      '4. fourth',
      '',
      '```ts',
      'const a = <b>1</b>;',
      '```',
      '',
      '| Name | Score |',
      '| :--- | ---: |',
      '| Ann | 7 |',
      '',
      '> quoted',
    ].join('\n');
    const { container } = render(<Markdown text={text} />);
    expect(screen.getByRole('heading', { name: 'Plan: Key Points' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('italic');
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('p code')?.textContent).toBe('code');
    const lists = screen.getAllByRole('list');
    expect(lists[0].querySelectorAll(':scope > li')).toHaveLength(2);
    expect(lists[0].querySelector(':scope > li ul > li')?.textContent).toBe('nested');
    const ol = container.querySelector('ol')!;
    expect(ol.getAttribute('start')).toBe('3');
    expect(ol.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('pre code')?.textContent).toBe('const a = <b>1</b>;');
    expect(container.querySelector('pre b')).toBeNull();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Score' })).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByRole('cell', { name: 'Ann' })).toBeInTheDocument();
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
  });

  it('never executes raw HTML: tags and scripts stay text', () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> **<b>hi</b>**';
    const { container } = render(<Markdown text={evil} />);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toContain('<script>window.__pwned=2</script>');
    expect(container.querySelectorAll('*')).not.toHaveLength(0);
    for (const el of container.querySelectorAll('*')) expect(el.getAttributeNames().filter((n) => n.startsWith('on'))).toEqual([]);
    expect(flagAfterRunning(container.innerHTML)).toBeUndefined();
  });

  it('the execution check fires when a payload is left as HTML (a test of the test above)', () => {
    expect(flagAfterRunning('<script>window.__pwned=2</script>')).toBe(2);
    expect(flagAfterRunning('<img src=x onerror="window.__pwned=1">')).toBe(1);
  });

  it('links open in a new tab with rel noopener noreferrer; unsafe schemes are plain text', () => {
    render(<Markdown text={'See [docs](https://example.com/a_(b)) and https://x.test/p, [bad](javascript:alert(1)) ![img](data:image/png;base64,AA)'} />);
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/a_(b)');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'https://x.test/p' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
  });

  it('keeps snake_case words and lone asterisks as text', () => {
    const { container } = render(<Markdown text={'use my_var_name and 2 * 3 * 4'} />);
    expect(container.querySelector('em')).toBeNull();
    expect(container.textContent).toBe('use my_var_name and 2 * 3 * 4');
  });
});

describe('incremental splitting (a 20,000-word streamed reply)', () => {
  it('keeps code fences and loose lists in one block', () => {
    expect(splitBlocks('a\n\n```\nx\n\ny\n```\n\nb')).toEqual(['a', '```\nx\n\ny\n```', 'b']);
    expect(splitBlocks('1. one\n\n2. two\n\nafter')).toEqual(['1. one\n\n2. two', 'after']);
  });

  it('an appended text yields the same blocks as splitting it whole, and completed blocks keep their identity', () => {
    const full = Array.from({ length: 60 }, (_, i) => (i % 7 === 0 ? `## Section ${i}` : i % 5 === 0 ? '```\ncode\n\nmore\n```' : `Paragraph ${i} with some words.`)).join('\n\n');
    const splitter = createBlockSplitter();
    let prev: readonly string[] = [];
    for (let n = 1; n <= full.length; n += 37) {
      const { blocks } = splitter.update(full.slice(0, n));
      // completed blocks never change
      expect(blocks.slice(0, prev.length)).toEqual(prev);
      prev = blocks;
    }
    const end = splitter.update(full);
    expect([...end.blocks, end.tail]).toEqual(splitBlocks(full));
  });

  it('while streaming only the tail block re-renders', () => {
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(50).trim()}.`);
    let text = paragraphs.join('\n\n');
    const renders: number[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, _phase, actual) => renders.push(actual);
    const { rerender, container } = render(
      <Profiler id="md" onRender={onRender}>
        <Markdown text={text} />
      </Profiler>,
    );
    const firstBlock = container.querySelector('[data-md-block]');
    for (let i = 0; i < 50; i++) {
      text += ' more';
      rerender(
        <Profiler id="md" onRender={onRender}>
          <Markdown text={text} />
        </Profiler>,
      );
    }
    // the first block is the same DOM node (never re-created) and the text arrived
    expect(container.querySelector('[data-md-block]')).toBe(firstBlock);
    expect(container.textContent).toContain('word. more more');
    expect(container.querySelectorAll('[data-md-block]')).toHaveLength(400);
    // an update costs far less than the first render of 400 blocks
    const first = renders[0];
    const updates = renders.slice(1);
    const avg = updates.reduce((a, b) => a + b, 0) / updates.length;
    expect(avg).toBeLessThan(first / 3);
  });
});

describe('the caret of a streaming reply', () => {
  const CARET = <span data-testid="caret" aria-hidden="true" />;
  const caretIn = (text: string) => {
    cleanup();
    const { container, rerender } = render(<Markdown text={text} caret={CARET} />);
    const carets = within(container).queryAllByTestId('caret');
    expect(carets).toHaveLength(1);
    return { caret: carets[0], container, rerender };
  };

  it('sits at the end of the last line of text, inside its block, whatever that block is', () => {
    // a paragraph: after its last word, in the same line box
    let { caret } = caretIn('First paragraph.\n\nThe second one is still being **written');
    expect(caret.parentElement?.tagName).toBe('P');
    expect(caret.parentElement?.textContent).toBe('The second one is still being **written');
    expect(caret.previousSibling?.textContent).toContain('written');
    // a heading
    ({ caret } = caretIn('## A heading in progr'));
    expect(caret.parentElement?.tagName).toBe('H3');
    // the last item of a list, also a nested one
    ({ caret } = caretIn('- one\n- two\n  - nested thr'));
    expect(caret.parentElement?.tagName).toBe('LI');
    expect(caret.parentElement?.textContent).toBe('nested thr');
    // a code block's last line
    ({ caret } = caretIn('```ts\nconst a = 1;\nconst b'));
    expect(caret.parentElement?.tagName).toBe('PRE');
    expect(caret.previousElementSibling?.tagName).toBe('CODE');
    // the last cell of a table
    ({ caret } = caretIn('| A | B |\n| --- | --- |\n| 1 | 2'));
    expect(caret.parentElement?.tagName).toBe('TD');
    expect(caret.parentElement?.textContent).toBe('2');
    // a block quote's paragraph
    ({ caret } = caretIn('> quoted te'));
    expect(caret.parentElement?.tagName).toBe('P');
    expect(caret.closest('blockquote')).not.toBeNull();
  });

  it('follows a block with no line of text to end (a rule, a table without rows yet), and stands alone before any text', () => {
    let { caret } = caretIn('Above\n\n---');
    expect(caret.previousElementSibling?.tagName).toBe('HR');
    ({ caret } = caretIn('| A | B |\n| --- | --- |'));
    expect(caret.previousElementSibling?.hasAttribute('data-table-scroll')).toBe(true);
    expect(caret.closest('table')).toBeNull();
    ({ caret } = caretIn('   '));
    expect(caret.parentElement?.children).toHaveLength(1);
  });

  it('moves with the text and goes when the reply is complete, leaving the same text behind', () => {
    const { container, rerender } = caretIn('One.\n\nTw');
    rerender(<Markdown text={'One.\n\nTwo.\n\n- a'} caret={CARET} />);
    expect(screen.getAllByTestId('caret')).toHaveLength(1);
    expect(screen.getByTestId('caret').parentElement?.tagName).toBe('LI');
    const streamedText = container.textContent;
    rerender(<Markdown text={'One.\n\nTwo.\n\n- a'} />);
    expect(screen.queryAllByTestId('caret')).toHaveLength(0);
    expect(container.textContent).toBe(streamedText);
    // only the last block held it: the first paragraph has no caret at any point
    expect(container.querySelector('p')?.textContent).toBe('One.');
  });
});
