import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { useServices } from '@/core/services';
import { useCurrentUser } from '@/core/current-user';
import { FeatureCards } from './feature-cards';
import { paths } from '@/core/paths';
import { HOME_MESSAGES as M } from './messages';

/**
 * Accounts on their first visit in this page: a first login (isFirstLogin, cleared by the welcome dialog that
 * opens at once) or an account made after this sign-in. Kept for the page's life, so the greeting does not turn
 * into "Welcome back" when the welcome → offer → onboarding chain brings the user back here.
 */
const firstVisits = new Set<number>();
function isFirstVisit(user: { id: number; isFirstLogin?: boolean; created_at: string }, loginTime: number | undefined): boolean {
  if (user.isFirstLogin || (loginTime !== undefined && Date.parse(user.created_at) >= loginTime - 60_000)) firstVisits.add(user.id);
  return firstVisits.has(user.id);
}

/** /home: the signed-in start page, and the public home for visitors (spec 01 §2). */
export function HomePage() {
  const { tokens } = useServices();
  const stored = tokens.get();
  const signedIn = stored !== null;
  const { user } = useCurrentUser();
  const greet = !user || isFirstVisit(user, stored?.loginTime) ? M.welcome : M.welcomeBack;
  return (
    <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } })}>
      {signedIn ? (
        <section aria-labelledby="home-title" className={css({ mb: '8' })}>
          <h1 id="home-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
            {greet(user?.name)}
          </h1>
          <p className={css({ color: 'fg.muted', mt: '1' })}>{M.prompt}</p>
        </section>
      ) : (
        <section aria-labelledby="home-title" className={css({ textAlign: 'center', py: { base: '8', md: '14' } })}>
          <h1 id="home-title" className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold', letterSpacing: '-0.02em', mb: '4' })}>
            Write, design and publish with AI
          </h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg', maxW: '2xl', mx: 'auto', mb: '8' })}>
            Chat, writing tools, long-form blogs, images and videos for writers and marketers — free to start.
          </p>
          <div className={css({ display: 'flex', gap: '3', justifyContent: 'center' })}>
            <Button asChild size="lg">
              <Link to={paths.register}>Start writing free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.pricing}>See pricing</Link>
            </Button>
          </div>
        </section>
      )}
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '4' })}>Create</h2>
      <FeatureCards signedIn={signedIn} />
    </div>
  );
}
