/**
 * The floating live-webinar button (01 §2 "A floating live-webinar button shows on weekdays", 01 §4 Webinar),
 * driven by machines/webinar.machine.ts: shown Monday to Friday (India time); the button opens the webinar
 * dialog ('Join Us Live Today!', built by the dialogs area); a user who has not answered yet (is_webinar 0) is
 * prompted after 120 s.
 *
 * The webinar actor is this button's (a view-owned actor, useActorRef: it lives while the shell shows the button).
 * The machine's `webinar.openDialog` goes to the app's dialog manager as a webinar dialog carrying this actor in its
 * payload, so the dialog drives the same machine — it sends `webinar.attend` / `webinar.skip` and reads the
 * countdown (selectWebinarCountdown) and the message; when the user closes the dialog there (X, Escape), the
 * machine hears `webinar.close`.
 *
 * Actor slots: `updateWebinarStatus` → POST /api/user/update-webinar-status {is_webinar}, then the user is
 * re-read; `registerWebinar` → the external automation hook of 01 §7 {first_name, last_name, email, zoom,
 * company, type} at VITE_WEBINAR_HOOK_URL. Without that setting (the reference setup has no hook) there is
 * nothing to post to and the registration counts as done, so the status is still recorded.
 */
import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { css, cx } from 'styled-system/css';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { VideoIcon } from '@/ui/icons';
import { webinarMachine, type WebinarStatus } from '@machines/webinar.machine';
import { isWebinarLive } from '@machines/webinar-schedule';
import { WEBINAR_STATUS } from '@machines/constants';
import { WEBINAR_BUTTON_MESSAGES as M } from './messages';
import { currentUserQuery } from '@/core/current-user';

export interface WebinarButtonProps {
  /** On full-height workspaces (chat) the button sits above the bottom composer instead of over its Send button. */
  raised?: boolean;
  user: {
    name: string;
    email: string;
    is_webinar: number;
    webinar?: { webinar_date?: string } | null;
  };
}

const floating = css({
  position: 'fixed',
  right: { base: '4', md: '6' },
  bottom: { base: '4', md: '6' },
  zIndex: 'sticky',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  minH: '11',
  pl: '3',
  pr: '4',
  py: '2',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  boxShadow: 'lg',
  cursor: 'pointer',
  transition: 'transform {durations.fast}, box-shadow {durations.fast}',
  _hover: { transform: 'translateY(-1px)', boxShadow: 'xl' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
  _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
  '@media print': { display: 'none' },
});
const iconWrap = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
  '& svg': { width: '4', height: '4' },
});
const liveDot = css({
  position: 'absolute',
  top: '-0.5',
  right: '-0.5',
  w: '2.5',
  h: '2.5',
  borderRadius: 'full',
  bg: 'danger.default',
  borderWidth: '2px',
  borderColor: 'bg.surface',
});
const textBox = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: '1.2' });
const raisedPos = css({ bottom: { base: '28', md: '32' } });
const titleText = css({ fontSize: 'sm', fontWeight: 'semibold' });
const subText = css({ display: { base: 'none', sm: 'block' }, fontSize: 'xs', color: 'fg.muted' });
const liveText = css({ color: 'danger.text', fontWeight: 'semibold' });

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The start in the user's time zone, written as the rest of the app writes dates (en-US): 'Thu 2:30 PM'. By hand,
 * not Intl.DateTimeFormat: this button shows on every weekday first visit right after the first route, and the
 * page's first Intl formatter costs ~25 ms of ICU start-up there (~150 ms at Lighthouse's 4× slowdown; see
 * ui/lazy-intl.ts). Not a spec text (01 §3 only says the button shows on weekdays).
 */
export function formatWebinarStart(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  return `${WEEKDAYS[d.getDay()]} ${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function WebinarButton({ user, raised = false }: WebinarButtonProps) {
  const { api, $api } = useServices();
  const queryClient = useQueryClient();
  const { dialogs, inspect } = useAppActors();
  const webinarStart = user.webinar?.webinar_date ? Date.parse(user.webinar.webinar_date) : null;

  const machine = useMemo(
    () =>
      webinarMachine.provide({
        actors: {
          registerWebinar: fromPromise(async () => {
            const hook = import.meta.env.VITE_WEBINAR_HOOK_URL as string | undefined;
            if (!hook) return; // no external hook configured (see the header comment)
            const { first, last } = splitName(user.name);
            const res = await fetch(hook, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ first_name: first, last_name: last, email: user.email, zoom: true, company: '', type: 'webinar' }),
            });
            if (!res.ok) throw new Error(`webinar hook answered ${res.status}`);
          }),
          updateWebinarStatus: fromPromise(async ({ input }: { input: { isWebinar: WebinarStatus } }) => {
            await api.POST('/api/user/update-webinar-status', { body: { is_webinar: input.isWebinar } });
            await queryClient.invalidateQueries({ queryKey: currentUserQuery($api).queryKey });
          }),
        },
      }),
    // The actor is created once per mount; the user's name/email are read when registering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const isWebinar = (
    user.is_webinar === WEBINAR_STATUS.skipped || user.is_webinar === WEBINAR_STATUS.registered ? user.is_webinar : WEBINAR_STATUS.notRegistered
  ) as WebinarStatus;
  const actor = useActorRef(machine, {
    id: 'webinar',
    input: { now: Date.now(), isWebinar, webinarStart: Number.isFinite(webinarStart) ? webinarStart : null },
    inspect,
  });
  const hidden = useSelector(actor, (s) => s.matches('hidden'));
  const live = useSelector(actor, (s) => isWebinarLive(s.context.now));
  const start = useSelector(actor, (s) => s.context.start);

  // Machine → dialog manager, and the dialog manager's close → machine.
  useEffect(() => {
    const isWebinarOpen = () => {
      const snap = dialogs.getSnapshot();
      return snap.matches('open') && snap.context.current?.name === 'webinar';
    };
    const subs = [
      // the dialog gets this actor in its payload: the button, the prompt and the dialog are one machine
      actor.on('webinar.openDialog', () => {
        if (!isWebinarOpen()) dialogs.send({ type: 'dialog.open', dialog: { name: 'webinar', payload: { actor } } });
      }),
      // 'webinar.closeDialog' is the open dialog's to handle (it may turn into the add-to-calendar confirmation
      // instead of closing): the dialog is mounted whenever it is open (features/dialogs/webinar-dialog.tsx).
    ];
    let wasOpen = isWebinarOpen();
    const sub = dialogs.subscribe(() => {
      const open = isWebinarOpen();
      if (wasOpen && !open) actor.send({ type: 'webinar.close' });
      wasOpen = open;
    });
    return () => {
      subs.forEach((s) => s.unsubscribe());
      sub.unsubscribe();
    };
  }, [actor, dialogs]);

  const startText = formatWebinarStart(start);

  if (hidden) return null;
  return (
    <button type="button" className={raised ? cx(floating, raisedPos) : floating} onClick={() => actor.send({ type: 'webinar.open' })} aria-haspopup="dialog">
      <span className={iconWrap} aria-hidden="true">
        <VideoIcon />
        {live && <span className={liveDot} />}
      </span>
      <span className={textBox}>
        <span className={titleText}>{M.label}</span>{' '}
        <span className={subText}>{live ? <span className={liveText}>{M.live}</span> : startText}</span>
      </span>
    </button>
  );
}
