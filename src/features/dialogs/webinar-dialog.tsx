/**
 * 01 §2 webinar: 'Join Us Live Today!' with a countdown in days, hours, minutes and seconds,
 * 'Yes, I want to Attend', 'Skip this'; an add-to-calendar confirmation follows (01 §4: the event lasts
 * 40 minutes).
 *
 * The behaviour is the webinar machine's (machines/webinar.machine.ts: registration, status update,
 * success/error texts, closing 2 s after success), on the shell's webinar actor (see WebinarDialog). When the machine
 * "closes" after a successful registration, the dialog turns into the add-to-calendar confirmation
 * instead of vanishing — that is the confirmation that "follows". Skip closes it.
 * On a weekend (the machine is `hidden`) it shows when the next (Monday) session starts, without Attend.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { css } from 'styled-system/css';
import { webinarMachine, selectWebinarCountdown, type WebinarStatus } from '@machines/webinar.machine';
import { WEBINAR_STATUS } from '@machines/constants';
import type { DialogPayloads, WebinarActorRef } from '@machines/dialogs';
import { useServices } from '@/core/services';
import { Button } from '@/ui/button';
import { CheckCircleIcon } from '@/ui/icons';
import type { DialogActions } from './dialog-actions';
import { googleCalendarUrl, icsDataUrl, type CalendarEvent } from './calendar';
import { Frame, styles } from './frame';
import { WEBINAR_TEXT } from './messages';
import { type User } from './use-dialog-data';
import { useCurrentUser } from '@/core/current-user';

/**
 * The registration hook of 01 §7 ("POST to an external automation hook {first_name, last_name, email,
 * zoom, company, type}"). Its address is not in the spec: VITE_WEBINAR_HOOK_URL. Unset (the reference
 * setup), registering records the status only (POST /api/user/update-webinar-status), which is what
 * the backend needs to stop prompting.
 */
const HOOK_URL: string | undefined = import.meta.env.VITE_WEBINAR_HOOK_URL || undefined;

async function postRegistration(user: User | undefined): Promise<void> {
  if (!HOOK_URL) return;
  const [first, ...rest] = (user?.name ?? '').trim().split(/\s+/);
  const res = await fetch(HOOK_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: first ?? '',
      last_name: rest.join(' '),
      email: user?.email ?? '',
      zoom: user?.webinar?.webinar_link ?? '',
      company: '',
      type: 'webinar',
    }),
  });
  if (!res.ok) throw new Error(`webinar hook answered ${res.status}`);
}

const pad = (n: number) => String(n).padStart(2, '0');

function Countdown({ parts }: { parts: { days: number; hours: number; minutes: number; seconds: number } }) {
  const u = WEBINAR_TEXT.units;
  const cells: [string, number][] = [
    [u.days, parts.days],
    [u.hours, parts.hours],
    [u.minutes, parts.minutes],
    [u.seconds, parts.seconds],
  ];
  return (
    <div
      role="timer"
      aria-label={`${WEBINAR_TEXT.startsIn} ${cells.map(([l, v]) => `${v} ${l}`).join(' ')}`}
      className={css({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '2' })}
    >
      {cells.map(([label, value]) => (
        <div key={label} aria-hidden className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', p: '3', borderRadius: 'md', bg: 'accent.subtle' })}>
          <span className={css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', color: 'accent.text' })}>{pad(value)}</span>
          <span className={styles.muted}>{label}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * One webinar machine for the whole shell: opened by the floating button or its 120 s prompt, the dialog's payload
 * carries the button's actor, and the dialog drives it, so attending here is what the button and its prompt know
 * too. Opened otherwise (e.g. the dialog alone, with no shell), the dialog runs an instance of its own (view-owned).
 * Chosen once, when the dialog opens: switching machines while it is up would rebuild the open dialog and drop what
 * the user was doing in it (a registration under way, its answer).
 */
export function WebinarDialog({ payload, actions }: { payload: DialogPayloads['webinar']; actions: DialogActions }) {
  const [shared] = useState(() => payload.actor ?? null);
  return shared ? <WebinarDialogView actor={shared} actions={actions} /> : <OwnWebinarDialog actions={actions} />;
}

function OwnWebinarDialog({ actions }: { actions: DialogActions }) {
  const { api } = useServices();
  const { user } = useCurrentUser();
  // read when registering (the user query may settle after the dialog opened)
  const userRef = useRef(user);
  userRef.current = user;
  const machine = useMemo(
    () =>
      webinarMachine.provide({
        actors: {
          registerWebinar: fromPromise(() => postRegistration(userRef.current)),
          updateWebinarStatus: fromPromise<void, { isWebinar: WebinarStatus }>(async ({ input }) => {
            await api.POST('/api/user/update-webinar-status', { body: { is_webinar: input.isWebinar } });
          }),
        },
      }),
    [api],
  );
  const webinarDate = user?.webinar?.webinar_date ? Date.parse(user.webinar.webinar_date) : null;
  const actor = useActorRef(machine, {
    input: { now: Date.now(), isWebinar: (user?.is_webinar ?? WEBINAR_STATUS.notRegistered) as WebinarStatus, webinarStart: webinarDate },
  });
  return <WebinarDialogView actor={actor} actions={actions} />;
}

function WebinarDialogView({ actor, actions }: { actor: WebinarActorRef; actions: DialogActions }) {
  const { user } = useCurrentUser();
  const [calendar, setCalendar] = useState<CalendarEvent | null>(null);
  const userRef = useRef(user);
  userRef.current = user;
  const hidden = useSelector(actor, (s) => s.matches('hidden'));
  const busy = useSelector(actor, (s) => s.matches({ available: { flow: 'registering' } }) || s.matches({ available: { flow: 'savingRegistration' } }) || s.matches({ available: { flow: 'skipping' } }));
  const registered = useSelector(actor, (s) => s.matches({ available: { flow: 'registered' } }));
  const message = useSelector(actor, (s) => s.context.message);
  const parts = useSelector(actor, selectWebinarCountdown, (a, b) => a.seconds === b.seconds && a.minutes === b.minutes && a.hours === b.hours && a.days === b.days);

  // the host passes fresh `actions` on each render: read them through a ref, subscribe once
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  useEffect(() => {
    const sub = actor.on('webinar.closeDialog', () => {
      const snap = actor.getSnapshot();
      const event = snap.context.calendarEvent;
      const webinar = userRef.current?.webinar;
      if (event && snap.context.isWebinar === WEBINAR_STATUS.registered) {
        setCalendar({
          title: webinar?.webinar_title || WEBINAR_TEXT.eventTitle,
          description: webinar?.webinar_description || WEBINAR_TEXT.fallbackDescription,
          start: event.start,
          end: event.end,
          location: webinar?.webinar_link,
        });
      } else {
        actionsRef.current.close();
      }
    });
    // the dialog is open: move the machine from its prompt wait (or the button state) to the dialog state; a machine
    // already there (the button or the prompt opened this dialog) ignores it
    actor.send({ type: 'webinar.open' });
    return () => sub.unsubscribe();
  }, [actor]);

  const t = WEBINAR_TEXT;
  if (calendar) {
    return (
      <Frame
        title={t.calendarTitle}
        description={t.calendarBody}
        footer={<Button onClick={actions.close}>{t.calendarDone}</Button>}
      >
        <p role="status" className={css({ display: 'flex', gap: '2', alignItems: 'center' }) + ' ' + styles.success}>
          <CheckCircleIcon aria-hidden width={18} height={18} />
          {t.success}
        </p>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          <Button asChild variant="outline">
            <a href={googleCalendarUrl(calendar)} target="_blank" rel="noopener noreferrer">
              {t.google}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={icsDataUrl(calendar, `webinar-${calendar.start}@wordsmith`, calendar.start)} download="webinar.ics">
              {t.ics}
            </a>
          </Button>
        </div>
      </Frame>
    );
  }

  const live = parts.days + parts.hours + parts.minutes + parts.seconds === 0;
  return (
    <Frame
      title={t.title}
      description={user?.webinar?.webinar_description || t.fallbackDescription}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={() => (hidden ? actions.close() : actor.send({ type: 'webinar.skip' }))} disabled={busy || registered}>
            {t.skip}
          </Button>
          {!hidden && (
            <Button onClick={() => actor.send({ type: 'webinar.attend' })} loading={busy} disabled={registered}>
              {t.attend}
            </Button>
          )}
        </>
      }
    >
      {user?.webinar?.webinar_title && <p className={css({ fontWeight: 'semibold' })}>{user.webinar.webinar_title}</p>}
      {hidden ? <p className={styles.muted}>{t.weekend}</p> : live ? <p className={styles.success}>{t.live}</p> : null}
      {!live && (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <span className={styles.muted}>{t.startsIn}</span>
          <Countdown parts={parts} />
        </div>
      )}
      {message && (
        <p role={registered ? 'status' : 'alert'} className={registered ? styles.success : styles.error}>
          {message}
        </p>
      )}
    </Frame>
  );
}
