import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../styled-system/jsx';
import { avatar } from '../../styled-system/recipes';

/** Avatar parts (Ark Avatar: image with fallback) and a ready <Avatar name="…" src="…" />. */
const { withProvider, withContext } = createStyleContext(avatar);

export const Root = withProvider(ArkAvatar.Root, 'root');
export const Image = withContext(ArkAvatar.Image, 'image');
export const Fallback = withContext(ArkAvatar.Fallback, 'fallback');

/** Up to two initials from a display name ('Ada Lovelace' → 'AL'). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

export type AvatarProps = Omit<ComponentProps<typeof Root>, 'children'> & {
  name?: string | null;
  src?: string | null;
  /** When the name is already next to the avatar, keep it decorative (default true). */
  decorative?: boolean;
};

export function Avatar({ name, src, decorative = true, ...props }: AvatarProps) {
  return (
    <Root aria-hidden={decorative || undefined} {...props}>
      <Fallback>{initials(name)}</Fallback>
      {src && <Image src={src} alt={decorative ? '' : (name ?? '')} />}
    </Root>
  );
}
