import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { useServices } from '@/core/services';
import { useCurrentUser } from '@/core/current-user';
import { FeatureCards } from './feature-cards';
import { paths } from '@/core/paths';

/** /home: the signed-in start page, and the public home for visitors (spec 01 §2). */
export function HomePage() {
  const { tokens } = useServices();
  const signedIn = tokens.get() !== null;
  const { user } = useCurrentUser();
  return (
    <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } })}>
      {signedIn ? (
        <section aria-labelledby="home-title" className={css({ mb: '8' })}>
          <h1 id="home-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
            {user ? `Welcome back, ${user.name}` : 'Welcome back'}
          </h1>
          <p className={css({ color: 'fg.muted', mt: '1' })}>What would you like to create today?</p>
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
