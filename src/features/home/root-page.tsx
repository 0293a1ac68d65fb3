import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { useServices } from '@/core/services';
import { FeatureCards } from './feature-cards';
import { paths } from '@/core/paths';

/**
 * / (spec 01 §2): the library page when signed in, otherwise the SEO tool template page.
 * The library's lists (blogs, stories, images) arrive with their features; until then the
 * library shows where each kind of work will be kept.
 */
export function RootPage() {
  const { tokens } = useServices();
  const signedIn = tokens.get() !== null;
  return (
    <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } })}>
      {signedIn ? (
        <>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>Your library</h1>
          <p className={css({ color: 'fg.muted', mb: '8' })}>Everything you create is kept here: blogs, stories, images and videos.</p>
        </>
      ) : (
        <section className={css({ textAlign: 'center', py: { base: '8', md: '14' } })}>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold', letterSpacing: '-0.02em', mb: '4' })}>
            Free AI writing tools for every format
          </h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg', maxW: '2xl', mx: 'auto', mb: '8' })}>
            Blog posts, product descriptions, ads, emails and social posts — generated in seconds, edited by you.
          </p>
          <Button asChild size="lg">
            <Link to={paths.register}>Try the tools free</Link>
          </Button>
        </section>
      )}
      <FeatureCards signedIn={signedIn} />
    </div>
  );
}
