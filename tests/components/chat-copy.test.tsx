/**
 * Issue 33, finding 10: Copy puts the reply on the clipboard as rich text (text/html, rendered from the Markdown)
 * with a plain-text fallback (text/plain without Markdown's ## and **), not the raw Markdown.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CopyButton } from '@/features/chat/copy-button';
import { Markdown } from '@/features/chat/markdown/markdown';
import { CHAT_MESSAGES } from '@/features/chat/messages';

const REPLY = '## Launch plan\n\nShip **on Monday** with:\n\n- a blog post\n- a newsletter';

class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}

afterEach(() => vi.unstubAllGlobals());

function renderReply() {
  // the structure message-list.tsx renders around a reply
  render(
    <div data-copy-root="">
      <span>Assistant:</span>
      <div data-copy-content="">
        <Markdown text={REPLY} />
      </div>
      <CopyButton text={REPLY} />
    </div>,
  );
}

describe('Copy (chat reply)', () => {
  test('writes text/html rendered from the Markdown and a text/plain fallback without Markdown marks', async () => {
    const write = vi.fn(async (_items: FakeClipboardItem[]) => {});
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    Object.defineProperty(navigator, 'clipboard', { value: { write, writeText }, configurable: true });
    renderReply();
    await userEvent.click(screen.getByRole('button', { name: CHAT_MESSAGES.copy }));
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    const item = write.mock.calls[0][0][0];
    const html = await item.items['text/html'].text();
    const plain = await item.items['text/plain'].text();
    expect(html).toMatch(/<h2[^>]*>Launch plan<\/h2>/);
    expect(html).toMatch(/<strong[^>]*>on Monday<\/strong>/);
    expect(html).toMatch(/<li[^>]*>a blog post<\/li>/);
    expect(plain).toContain('Launch plan');
    expect(plain).toContain('on Monday');
    expect(plain).not.toMatch(/##|\*\*/);
    expect(plain).not.toContain('Assistant:');
    expect(writeText).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: CHAT_MESSAGES.copied })).toBeInTheDocument();
  });

  test('without rich clipboard support it still copies the plain text, not the Markdown', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('ClipboardItem', undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderReply();
    await userEvent.click(screen.getByRole('button', { name: CHAT_MESSAGES.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0][0]).not.toMatch(/##|\*\*/);
    expect(writeText.mock.calls[0][0]).toContain('Launch plan');
  });
});
