import { useState, type HTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { avatar, type AvatarVariantProps } from 'styled-system/recipes';

/** Up to two initials from a display name ('Ada Lovelace' → 'AL'). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

export type AvatarProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'> &
  AvatarVariantProps & {
    name?: string | null;
    src?: string | null;
    /** When the name is already next to the avatar, keep it decorative (default true). */
    decorative?: boolean;
  };

/**
 * <Avatar name="…" src="…" />: the picture, with the initials until it has loaded and instead of it when it
 * fails. Plain elements, not Ark Avatar: an image with a fallback needs no state machine, and the avatar sits
 * in the shell's first frame (the sidebar's profile trigger), whose JavaScript is on a budget. Same recipe,
 * same parts and states as before (the image stays `hidden` until loaded, then the initials are).
 */
export function Avatar({ name, src, decorative = true, size, className, ...props }: AvatarProps) {
  // the src that loaded / failed (a new src starts over with the initials)
  const [status, setStatus] = useState<{ src: string; loaded: boolean } | null>(null);
  const loaded = !!src && status?.src === src && status.loaded;
  const failed = !!src && status?.src === src && !status.loaded;
  const classes = avatar({ size });
  return (
    <span className={cx(classes.root, className)} aria-hidden={decorative || undefined} data-scope="avatar" data-part="root" {...props}>
      <span className={classes.fallback} data-scope="avatar" data-part="fallback" data-state={loaded ? 'hidden' : 'visible'} hidden={loaded}>
        {initials(name)}
      </span>
      {src && !failed && (
        <img
          className={classes.image}
          data-scope="avatar"
          data-part="image"
          data-state={loaded ? 'visible' : 'hidden'}
          hidden={!loaded}
          src={src}
          alt={decorative ? '' : (name ?? '')}
          onLoad={() => setStatus({ src, loaded: true })}
          onError={() => setStatus({ src, loaded: false })}
        />
      )}
    </span>
  );
}
