import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { card } from 'styled-system/recipes';

/** A bordered surface: <Card.Root><Card.Header><Card.Title/>…</Card.Header><Card.Body/>…</Card.Root>. `interactive` adds hover. */
const { withProvider, withContext } = createStyleContext(card);

export const Root = withProvider(ark.div, 'root');
export const Header = withContext(ark.div, 'header');
/** An h2 by default (cards sit under the page's h1); use asChild for another level. */
export const Title = withContext(ark.h2, 'title');
export const Description = withContext(ark.p, 'description');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');

export type RootProps = ComponentProps<typeof Root>;
