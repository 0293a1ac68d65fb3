/** The error's stack with SQL parameters removed (drizzle puts "params: …" in query errors), for the server log. */
export function redact(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? `\ncause: ${err.cause.message}` : '';
  return (text + cause).replace(/params: [^\n]*/g, 'params: [redacted]');
}
