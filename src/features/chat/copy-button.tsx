import { useEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { CheckIcon } from '@/ui/icons';
import { COPY_CONFIRMATION_MS } from '@machines/constants';
import { CHAT_MESSAGES } from './messages';

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

/** The reply's HTML for a document: no styling classes or data attributes, headings at the reply's own levels. */
function clipboardHtml(content: HTMLElement): string {
  const copy = content.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll<HTMLElement>('[data-level]')) {
    // the page shows a reply's headings one level down (h3 for ##); the copy keeps the Markdown's level
    const level = Math.min(6, Math.max(1, Number(el.dataset.level) || 2));
    const heading = document.createElement(`h${level}`);
    heading.append(...el.childNodes);
    el.replaceWith(heading);
  }
  for (const el of copy.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) if (attr.name === 'class' || attr.name.startsWith('data-')) el.removeAttribute(attr.name);
  }
  return copy.innerHTML;
}

/**
 * What a reply puts on the clipboard: its rendered Markdown as rich text (text/html: headings, bold, lists, tables
 * paste as such into a document or an e-mail) with a plain-text fallback (text/plain: the words as read, without
 * Markdown's ## and **). The rendered reply is the element marked data-copy-content inside the nearest
 * data-copy-root around the button; without it (or without rich clipboard support) the Markdown's text is copied.
 */
export async function copyReply(from: Element | null, markdown: string): Promise<void> {
  const content = from?.closest('[data-copy-root]')?.querySelector<HTMLElement>('[data-copy-content]');
  const plain = content ? (content.innerText ?? content.textContent ?? '').trim() || markdown : markdown;
  if (content && typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const html = clipboardHtml(content);
    await navigator.clipboard.write([
      new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([plain], { type: 'text/plain' }) }),
    ]);
    return;
  }
  await navigator.clipboard.writeText(plain);
}

/** Copies the reply (see copyReply), then says 'Copied' for 2000 ms (01 §9 "copy confirmation 2000 ms"). */
export function CopyButton({ text, label = CHAT_MESSAGES.copy }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(button: HTMLButtonElement) {
    try {
      await copyReply(button, text);
    } catch {
      return; // clipboard refused (permissions, insecure context): no false confirmation
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <Button variant="ghost" size="sm" onClick={(e) => void copy(e.currentTarget)}>
      {copied ? <CheckIcon size={16} /> : <CopyIcon />}
      {copied ? CHAT_MESSAGES.copied : label}
    </Button>
  );
}
