/**
 * Webinar date maths (01 §4 Webinar, 01 §9): pure functions of `now` (epoch ms), no clock access.
 * India time is UTC+5:30; the webinar runs weekdays at 20:00 India time by default, in a
 * 20:00–20:30 window; on Saturday and Sunday the next one is Monday; calendar events last 40 min.
 * 01 §9 also says "Webinar every day at 8 PM India time" while 01 §2/§4 say weekdays only: the
 * union is weekdays (the stricter rule), with the every-day wording read as "each weekday".
 */
import {
  INDIA_UTC_OFFSET_MINUTES,
  WEBINAR_CALENDAR_EVENT_MINUTES,
  WEBINAR_DEFAULT_TIME_IST,
  WEBINAR_WINDOW_MINUTES,
} from './constants';

const MIN = 60_000;
const DAY = 86_400_000;
const OFFSET = INDIA_UTC_OFFSET_MINUTES * MIN;

/** Day of the week in India time: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export function indiaWeekday(now: number): number {
  const day = Math.floor((now + OFFSET) / DAY);
  return (((day + 4) % 7) + 7) % 7;
}

export function isWebinarDay(now: number): boolean {
  const d = indiaWeekday(now);
  return d >= 1 && d <= 5;
}

/** The start (epoch ms) of the India-time day containing `now`, plus hh:mm India time. */
function indiaTimeOnDay(now: number, hour: number, minute: number): number {
  const dayStart = Math.floor((now + OFFSET) / DAY) * DAY - OFFSET;
  return dayStart + (hour * 60 + minute) * MIN;
}

/**
 * The start of the current or next webinar: today's 20:00 India time while its 30-minute window
 * has not ended and today is a weekday, otherwise the next weekday's (Saturday/Sunday roll to Monday).
 */
export function nextWebinarStart(now: number, at: { hour: number; minute: number } = WEBINAR_DEFAULT_TIME_IST): number {
  let start = indiaTimeOnDay(now, at.hour, at.minute);
  if (!(isWebinarDay(now) && now < start + WEBINAR_WINDOW_MINUTES * MIN)) start += DAY;
  while (!isWebinarDay(start)) start += DAY;
  return start;
}

/** True inside the 20:00–20:30 India-time window of a weekday. */
export function isWebinarLive(now: number): boolean {
  const start = nextWebinarStart(now);
  return now >= start && now < start + WEBINAR_WINDOW_MINUTES * MIN;
}

/** The add-to-calendar event: 40 minutes from the start. */
export function webinarCalendarEvent(start: number): { start: number; end: number } {
  return { start, end: start + WEBINAR_CALENDAR_EVENT_MINUTES * MIN };
}
