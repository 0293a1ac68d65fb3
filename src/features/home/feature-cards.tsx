import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';

/** The product's features as they appear in the sidebar groups of spec 01 §2. */
export const FEATURES = [
  { to: '/chat', title: 'AI Chat', text: 'Ask, brainstorm and draft in a conversation.' },
  { to: '/dashboard', title: 'AI Tools', text: 'Hundreds of writing tools and kits for every format.' },
  { to: '/blog-writer', title: 'Long Blog Writer', text: 'Outline, write and publish long-form posts to WordPress.' },
  { to: '/easy-blog-writer', title: 'Easy Blog Writer', text: 'A complete post from a topic in a few clicks.' },
  { to: '/image-generator?type=example', title: 'AI Image Generator', text: 'Create images from a prompt or an example.' },
  { to: '/video-generator?type=gallery', title: 'AI Video Generator', text: 'Turn ideas and images into short videos.' },
  { to: '/storybook-library?page=1', title: 'Storybook Image Creator', text: 'Illustrate a story, scene by scene.' },
  { to: '/ai-text-humanizer', title: 'AI Text Humanizer', text: 'Make generated text read naturally.' },
] as const;

export function FeatureCards({ signedIn }: { signedIn: boolean }) {
  return (
    <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: '4' })}>
      {FEATURES.map((f) => (
        <li key={f.to}>
          <Link
            to={signedIn ? f.to : '/login'}
            className={css({
              display: 'block', h: 'full', p: '5', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default',
              bg: 'bg.surface', transition: 'all 0.15s', _hover: { borderColor: 'accent.default', boxShadow: 'md' },
            })}
          >
            <h3 className={css({ fontWeight: 'semibold', mb: '1' })}>{f.title}</h3>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{f.text}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
