import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { useServices } from '@/core/services';
import { Button } from '@/ui/button';

/**
 * /test (01 §2: "/test shows a test page"). The spec says no more, so it is a system check a user or support
 * can open when something seems wrong: is the backend reachable (GET /api/health), is the browser online,
 * can the app store data in this browser, is a session stored. Nothing here changes anything.
 */
export const TEST_PAGE_TEXT = {
  title: 'System check',
  intro: 'What this browser can reach and use. Share this page with support if something does not work.',
  backend: 'Server',
  browser: 'Network',
  storage: 'Browser storage',
  session: 'Session',
  checking: 'Checking…',
  reachable: 'Reachable',
  unreachable: 'Not reachable',
  online: 'Online',
  offline: 'Offline',
  available: 'Available',
  unavailable: 'Unavailable (private mode or blocked): drafts will not be kept',
  signedIn: 'Signed in',
  signedOut: 'Not signed in',
  again: 'Check again',
} as const;

const T = TEST_PAGE_TEXT;

function storageWorks(): boolean {
  try {
    const key = '__wordsmith_check__';
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function TestPage() {
  const { api, tokens } = useServices();
  const [server, setServer] = useState<'checking' | 'ok' | 'down'>('checking');
  const [round, setRound] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    let live = true;
    setServer('checking');
    api
      .GET('/api/health')
      .then(({ data }) => live && setServer(data?.status === 'ok' ? 'ok' : 'down'))
      .catch(() => live && setServer('down'));
    return () => {
      live = false;
    };
  }, [api, round]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const storage = storageWorks();
  const rows: [string, string, boolean][] = [
    [T.backend, server === 'checking' ? T.checking : server === 'ok' ? T.reachable : T.unreachable, server !== 'down'],
    [T.browser, online ? T.online : T.offline, online],
    [T.storage, storage ? T.available : T.unavailable, storage],
    [T.session, tokens.get() ? T.signedIn : T.signedOut, true],
  ];

  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.canvas' })}>
      <section aria-labelledby="test-title" className={css({ w: 'full', maxW: 'md', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', rounded: 'xl', p: '6' })}>
        <h1 id="test-title" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>
          {T.title}
        </h1>
        <p className={css({ color: 'fg.muted', mb: '4' })}>{T.intro}</p>
        <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2 4', mb: '4' })}>
          {rows.map(([label, value, good]) => (
            <div key={label} className={css({ display: 'contents' })}>
              <dt className={css({ fontWeight: 'semibold' })}>{label}</dt>
              <dd className={css({ color: good ? 'fg.default' : 'danger.text' })} aria-live={label === T.backend ? 'polite' : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Button variant="outline" onClick={() => setRound((n) => n + 1)}>
          {T.again}
        </Button>
      </section>
    </main>
  );
}
