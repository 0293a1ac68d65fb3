import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestServices, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors } from '@/state/app-actors';
import { AppProviders } from '@/app/app';
import { DialogHost } from '@/app/dialog-host';
import { WEBINAR_TEXT } from '@/features/dialogs/messages';
import { googleCalendarUrl, icsText } from '@/features/dialogs/calendar';
import { WebinarButton } from '@/features/shell/webinar-button';
import type { AppActors } from '@/state/app-actors';

const backend = useTestBackend();

// Wednesday 3 January 2024, 10:00 India time (04:30 UTC): today's webinar starts at 20:00 IST = 14:30 UTC.
const WEDNESDAY_10_IST = Date.UTC(2024, 0, 3, 4, 30, 0);
// Saturday 6 January 2024, 10:00 India time.
const SATURDAY_10_IST = Date.UTC(2024, 0, 6, 4, 30, 0);

afterEach(() => {
  vi.useRealTimers();
});

/** Signed in, the host alone, on a simulated clock (timers advance with real time too, so the in-process backend keeps working). */
async function renderWebinar(at: number) {
  const services = createTestServices(backend);
  await signInAs(services, 'free@demo.test');
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(at);
  const actors = createAppActors();
  render(
    <AppProviders services={services} actors={actors}>
      <DialogHost navigate={vi.fn()} reload={vi.fn()} />
    </AppProviders>,
  );
  act(() => actors.dialogs.send({ type: 'dialog.open', dialog: { name: 'webinar' } }));
  const dialog = await screen.findByRole('dialog', { name: WEBINAR_TEXT.title }, { timeout: 5000 });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { dialog, services, user, actors };
}

/** Signed in as a user who has not answered yet (is_webinar 0), on the simulated Wednesday; nothing rendered yet. */
async function newUserOnWednesday() {
  const services = createTestServices(backend);
  await signInAs(services, 'new@demo.test');
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(WEDNESDAY_10_IST);
  const actors = createAppActors();
  const me = { name: 'Nina New', email: 'new@demo.test', is_webinar: 0, webinar: null };
  return { services, actors, me };
}

/** The webinar actor the open webinar dialog drives, as its payload carries it (the floating button's). */
function dialogWebinarActor(actors: AppActors) {
  const current = actors.dialogs.getSnapshot().context.current;
  return current?.name === 'webinar' ? (current.payload.actor ?? null) : null;
}

async function webinarStatus(services: ReturnType<typeof createTestServices>) {
  const { data } = await services.api.GET('/api/auth/getUser');
  return data!.data.user.is_webinar;
}

describe("webinar (01 §2 'Join Us Live Today!', §4, §9)", () => {
  test('counts down in days, hours, minutes and seconds to 8 PM India time, each second', async () => {
    const { dialog } = await renderWebinar(WEDNESDAY_10_IST);
    const timer = within(dialog).getByRole('timer');
    expect(timer).toHaveAccessibleName('Starts in 0 Days 10 Hours 0 Minutes 0 Seconds');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(timer).toHaveAccessibleName('Starts in 0 Days 9 Hours 58 Minutes 59 Seconds');
    expect(within(dialog).getByRole('button', { name: 'Yes, I want to Attend' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip this' })).toBeInTheDocument();
  });

  test("'Skip this' records status 1 and closes", async () => {
    const { dialog, services, user } = await renderWebinar(WEDNESDAY_10_IST);
    await user.click(within(dialog).getByRole('button', { name: 'Skip this' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await webinarStatus(services)).toBe(1);
  });

  test("'Yes, I want to Attend' records status 2, says the invitation was sent, then offers the 40-minute calendar event", async () => {
    const { dialog, services, user } = await renderWebinar(WEDNESDAY_10_IST);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I want to Attend' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Meeting invitation link has been sent to your email.');
    expect(await webinarStatus(services)).toBe(2);

    // 01 §4: closes after 2 seconds — into the add-to-calendar confirmation
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const confirm = await screen.findByRole('dialog', { name: WEBINAR_TEXT.calendarTitle });
    const google = within(confirm).getByRole('link', { name: WEBINAR_TEXT.google });
    expect(google.getAttribute('href')).toContain('dates=20240103T143000Z%2F20240103T151000Z');
    const ics = within(confirm).getByRole('link', { name: WEBINAR_TEXT.ics });
    expect(ics).toHaveAttribute('download', 'webinar.ics');
    expect(decodeURIComponent(ics.getAttribute('href')!)).toContain('DTEND:20240103T151000Z');
    await user.click(within(confirm).getByRole('button', { name: WEBINAR_TEXT.calendarDone }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('on a weekend it shows the next (Monday) session, without Attend', async () => {
    const { dialog } = await renderWebinar(SATURDAY_10_IST);
    expect(within(dialog).getByText(WEBINAR_TEXT.weekend)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Yes, I want to Attend' })).not.toBeInTheDocument();
    // Monday 8 January 20:00 IST is 2 days 10 hours away
    expect(within(dialog).getByRole('timer')).toHaveAccessibleName('Starts in 2 Days 10 Hours 0 Minutes 0 Seconds');
  });
});

describe('one webinar machine for the button, the prompt and the dialog', () => {
  test('the button opens the dialog on its own actor; attending there is what the button then knows', async () => {
    const { services, actors, me } = await newUserOnWednesday();
    render(
      <AppProviders services={services} actors={actors}>
        <WebinarButton user={me} />
        <DialogHost navigate={vi.fn()} reload={vi.fn()} />
      </AppProviders>,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Live Demo Webinar/ }));
    const dialog = await screen.findByRole('dialog', { name: WEBINAR_TEXT.title });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const shared = dialogWebinarActor(actors);
    expect(shared).not.toBeNull();
    expect(shared!.getSnapshot().matches({ available: { flow: 'dialog' } })).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, I want to Attend' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Meeting invitation link has been sent to your email.');
    expect(shared!.getSnapshot().context.isWebinar).toBe(2);
    // the 120 s prompt of the same machine does not ask again
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByRole('dialog', { name: WEBINAR_TEXT.calendarTitle });
    await user.click(screen.getByRole('button', { name: WEBINAR_TEXT.calendarDone }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(130_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shared!.getSnapshot().matches({ available: { flow: 'button' } })).toBe(true);
  });
  test("the button's code arriving while the dialog is up leaves the dialog as it is (no rebuild, the answer stays)", async () => {
    const { services, actors, me } = await newUserOnWednesday();
    const app = (withButton: boolean) => (
      <AppProviders services={services} actors={actors}>
        {withButton && <WebinarButton user={me} />}
        <DialogHost navigate={vi.fn()} reload={vi.fn()} />
      </AppProviders>
    );
    const { rerender } = render(app(false));
    act(() => actors.dialogs.send({ type: 'dialog.open', dialog: { name: 'webinar' } }));
    const dialog = await screen.findByRole('dialog', { name: WEBINAR_TEXT.title }, { timeout: 5000 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I want to Attend' }));
    const sent = await within(dialog).findByRole('status');
    expect(sent).toHaveTextContent('Meeting invitation link has been sent to your email.');

    // the floating button's chunk arrives (it loads in the background after the first route) and starts the shell's actor
    rerender(app(true));
    expect(await screen.findByRole('button', { name: /Live Demo Webinar/ })).toBeInTheDocument();
    expect(dialogWebinarActor(actors)).toBeNull();
    expect(screen.getByRole('dialog', { name: WEBINAR_TEXT.title })).toBe(dialog);
    expect(within(dialog).getByRole('status')).toBe(sent);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('calendar files (01 §4 calendar event 40 minutes)', () => {
  const event = { title: 'Live, demo; now', description: 'Line 1\nLine 2', start: Date.UTC(2024, 0, 3, 14, 30), end: Date.UTC(2024, 0, 3, 15, 10), location: 'https://zoom.test/j/1' };
  test('Google Calendar template link', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20240103T143000Z/20240103T151000Z');
    expect(url.searchParams.get('location')).toBe('https://zoom.test/j/1');
  });
  test('iCalendar text escapes its fields and uses CRLF', () => {
    const text = icsText(event, 'uid-1', event.start);
    expect(text).toContain('SUMMARY:Live\\, demo\\; now\r\n');
    expect(text).toContain('DESCRIPTION:Line 1\\nLine 2\r\n');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
