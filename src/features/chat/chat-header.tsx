import { memo, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { PlusIcon, SparklesIcon } from '@/ui/icons';
import { useUpgradeButton, type UpgradeButtonPlan } from '@/state/upgrade-button';
import { CHAT_MESSAGES as T } from './messages';

const bar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '3', md: '5' },
  py: '2',
  minH: '14',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
});
const titleBox = css({ flex: '1', minW: '0', display: 'flex', alignItems: 'center', m: '0', fontSize: 'md', fontWeight: 'semibold' });
const titleButton = css({
  maxW: 'full',
  px: '2',
  py: '1',
  borderRadius: 'md',
  fontSize: 'md',
  fontWeight: 'semibold',
  color: 'fg.default',
  textAlign: 'start',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  cursor: 'text',
  _hover: { bg: 'bg.subtle' },
  _disabled: { cursor: 'default', _hover: { bg: 'transparent' } },
});
const titleInput = css({
  w: 'full',
  maxW: 'md',
  h: '9',
  px: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'accent.focusRing',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'md',
  fontWeight: 'semibold',
  outline: 'none',
  boxShadow: 'focusRing',
});
const bounce = css({
  '&[data-bouncing]': { animation: 'pop-in 300ms {easings.default} 5 alternate', _motionReduce: { animation: 'none' } },
});

/**
 * An inline-editable title (01 §2 "an editable conversation title"): a button showing the title; in
 * edit mode a labelled input that submits on Enter or blur, cancels on Escape, and keeps the old title
 * when left empty. Disabled while the conversation is not saved yet (there is nothing to rename).
 */
function EditableTitle({ title, disabled, onRename }: { title: string; disabled: boolean; onRename: (title: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef(false);

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    }
  }, [editing]);

  function begin() {
    done.current = false;
    setValue(title);
    setEditing(true);
  }
  function finish(save: boolean) {
    if (done.current) return; // Enter then the blur it causes: submit once
    done.current = true;
    const next = value.replace(/\s+/g, ' ').trim();
    setEditing(false);
    if (save && next && next !== title) onRename(next);
    queueMicrotask(() => button.current?.focus());
  }

  if (editing) {
    return (
      <input
        ref={input}
        className={titleInput}
        aria-label={T.titleLabel}
        value={value}
        maxLength={255}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false);
          }
        }}
      />
    );
  }
  return (
    <button
      ref={button}
      type="button"
      className={titleButton}
      onClick={begin}
      disabled={disabled}
      aria-label={`${T.renameTitle}: ${title}`}
      title={disabled ? undefined : T.renameTitle}
    >
      {title}
    </button>
  );
}

/**
 * The chat header's Upgrade button (01 §2 "an Upgrade button"), the same machine and wiring as the app header's
 * (useUpgradeButton, src/state/upgrade-button.ts: 01 §4 behaviour by plan_id, hidden for Pro yearly, plan 1
 * bounces). Keyed by the plan: the machine's first state depends on it.
 */
function ChatUpgradeButton({ plan }: { plan: UpgradeButtonPlan }) {
  return <ChatUpgradeButtonFor key={`${plan.planId}-${plan.paymentFrequency}-${plan.isMonthlyDisabled}`} plan={plan} />;
}

function ChatUpgradeButtonFor({ plan }: { plan: UpgradeButtonPlan }) {
  const { hidden, bouncing, click } = useUpgradeButton(plan);
  if (hidden) return null;
  return (
    <Button size="sm" className={bounce} data-bouncing={bouncing || undefined} onClick={click}>
      <SparklesIcon size={16} />
      {T.upgrade}
    </Button>
  );
}

interface ChatHeaderProps {
  title: string;
  canRename: boolean;
  onRename: (title: string) => void;
  onNewChat: () => void;
  upgrade: UpgradeButtonPlan | null;
}

/** 01 §2: "The chat header has an editable conversation title, an Upgrade button and a New chat button." */
export const ChatHeader = memo(function ChatHeader({ title, canRename, onRename, onNewChat, upgrade }: ChatHeaderProps) {
  return (
    <div className={bar}>
      {/* the title is the page's heading; its button (or input while renaming) sits inside it */}
      <h1 className={titleBox}>
        <EditableTitle key={title} title={title} disabled={!canRename} onRename={onRename} />
      </h1>
      {upgrade && <ChatUpgradeButton plan={upgrade} />}
      <Button variant="outline" size="sm" onClick={onNewChat}>
        <PlusIcon size={16} />
        {T.newChat}
      </Button>
    </div>
  );
});
