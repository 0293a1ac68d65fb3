import { Component, type ErrorInfo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { errorMessages } from './messages';
import { paths } from '@/core/paths';

/**
 * The generic error page of 01 §2 / §8: 'OOPS! Something went wrong' with 'Reload the page', which goes to
 * /login as a full page load (so a broken in-memory state cannot survive it).
 */
export function CrashPage() {
  return (
    <main
      id="main"
      className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.canvas', color: 'fg.default' })}
    >
      <div
        role="alert"
        className={css({
          textAlign: 'center',
          maxW: 'md',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'xl',
          boxShadow: 'md',
          px: '8',
          py: '10',
        })}
      >
        <p aria-hidden="true" className={css({ fontSize: '4xl', mb: '2' })}>
          ⚠
        </p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '6' })}>{errorMessages.crashTitle}</h1>
        <a
          href={paths.login}
          className={css({
            display: 'inline-block',
            px: '5',
            py: '2.5',
            borderRadius: 'md',
            bg: 'accent.default',
            color: 'accent.fg',
            fontWeight: 'semibold',
            _hover: { bg: 'accent.emphasized' },
            _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
          })}
        >
          {errorMessages.crashAction}
        </a>
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  /** Called once per caught crash (the app posts the crash report, 01 §7 / §8). */
  onCrash?: (error: unknown, info?: ErrorInfo) => void;
  /** What to show instead of the crashed tree; the OOPS page by default. */
  fallback?: ReactNode;
}

/**
 * Catches render crashes of its children, reports them and shows the OOPS page (01 §8 "A crash is logged to
 * the server and shows 'OOPS!'"). The route tree's boundary (RouteErrorBoundary in app.tsx) covers crashes inside routes;
 * this boundary covers what renders outside the router (and any subtree that wants its own fallback).
 */
export class AppErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onCrash?.(error, info);
  }
  render() {
    if (this.state.failed) return this.props.fallback ?? <CrashPage />;
    return this.props.children;
  }
}
