/**
 * Add-to-calendar for the webinar (01 §4 "calendar event 40 minutes"): a Google Calendar link and an
 * iCalendar (.ics, RFC 5545) file as a data: URL, so no script or service is needed.
 */
export interface CalendarEvent {
  title: string;
  description: string;
  /** epoch ms */
  start: number;
  end: number;
  location?: string;
}

/** 20240105T143000Z */
export function icsDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${icsDate(e.start)}/${icsDate(e.end)}`,
    details: e.description,
  });
  if (e.location) q.set('location', e.location);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** RFC 5545 text escaping (backslash, semicolon, comma, newline). */
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

export function icsText(e: CalendarEvent, uid: string, stamp: number): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wordsmith AI//Webinar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${icsDate(stamp)}`,
    `DTSTART:${icsDate(e.start)}`,
    `DTEND:${icsDate(e.end)}`,
    `SUMMARY:${esc(e.title)}`,
    `DESCRIPTION:${esc(e.description)}`,
    ...(e.location ? [`LOCATION:${esc(e.location)}`, `URL:${e.location}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export function icsDataUrl(e: CalendarEvent, uid: string, stamp: number): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(icsText(e, uid, stamp))}`;
}
