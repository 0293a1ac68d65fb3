/** Only same-app paths are followed after sign-in (no open redirects through ?next=). */
export function safeNext(next: string | null, fallback = '/home'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
