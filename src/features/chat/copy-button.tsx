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

/** Copies to the clipboard, then says 'Copied' for 2000 ms (01 §9 "copy confirmation 2000 ms"). */
export function CopyButton({ text, label = CHAT_MESSAGES.copy }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // clipboard refused (permissions, insecure context): no false confirmation
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()}>
      {copied ? <CheckIcon size={16} /> : <CopyIcon />}
      {copied ? CHAT_MESSAGES.copied : label}
    </Button>
  );
}
