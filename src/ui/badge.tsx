import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { badge } from 'styled-system/recipes';

/** A small uppercase mark. Tones: beta | pro | new | kit | neutral (default) | danger. */
export const Badge = styled('span', badge);
export type BadgeProps = ComponentProps<typeof Badge>;

/** The product marks of the spec (01 §2 Beta; 01 §9 New, Pro, Kit) with their fixed texts. */
export const BetaBadge = (props: Omit<BadgeProps, 'tone' | 'children'>) => (
  <Badge tone="beta" {...props}>
    Beta
  </Badge>
);
export const ProBadge = (props: Omit<BadgeProps, 'tone' | 'children'>) => (
  <Badge tone="pro" {...props}>
    Pro
  </Badge>
);
export const NewBadge = (props: Omit<BadgeProps, 'tone' | 'children'>) => (
  <Badge tone="new" {...props}>
    New
  </Badge>
);
export const KitBadge = (props: Omit<BadgeProps, 'tone' | 'children'>) => (
  <Badge tone="kit" {...props}>
    Kit
  </Badge>
);
