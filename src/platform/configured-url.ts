/**
 * An address from build-time configuration (a VITE_… variable), accepted only as https — or, with `loopback`,
 * http(s) on localhost / 127.0.0.1 for local development — never javascript:, data: or plain http elsewhere.
 */
export function configuredHttpsUrl(raw: unknown, { loopback = false }: { loopback?: boolean } = {}): string | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:') return url.href;
    const local = url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
    return loopback && local ? url.href : null;
  } catch {
    return null;
  }
}
