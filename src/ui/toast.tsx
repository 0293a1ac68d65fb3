import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import type { ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { toast as toastRecipe } from 'styled-system/recipes';
import { AlertTriangleIcon, CheckCircleIcon, InfoIcon, XCircleIcon, XIcon } from './icons';
import { UI_MESSAGES } from './messages';
import { demandHost } from '@/platform/host-demand';
import { SNACKBAR_DURATION_MS, TOAST_DURATION_MS } from '@machines/constants';

export { SNACKBAR_DURATION_MS, TOAST_DURATION_MS };

/** The one toaster of the app (top-end). Render <Toaster /> once near the root. */
export const toaster = createToaster({ placement: 'top-end', gap: 12, max: 5, overlap: false });

/** Every toast goes through here: the toaster is mounted at once if it has not loaded yet. */
function show(options: Parameters<typeof toaster.create>[0]) {
  demandHost();
  return toaster.create(options);
}

type ToastExtra = { description?: ReactNode; action?: { label: string; onClick: () => void } };

/** Success and error toasts, 3000 ms (01 §8). Return the toast id. */
export const toast = {
  success: (message: ReactNode, extra: ToastExtra = {}) =>
    show({ type: 'success', title: message, duration: TOAST_DURATION_MS, ...extra }),
  error: (message: ReactNode, extra: ToastExtra = {}) =>
    show({ type: 'error', title: message, duration: TOAST_DURATION_MS, ...extra }),
  info: (message: ReactNode, extra: ToastExtra = {}) =>
    show({ type: 'info', title: message, duration: TOAST_DURATION_MS, ...extra }),
  dismiss: (id?: string) => toaster.dismiss(id),
};

/**
 * Snackbar: a neutral message that stays 6000 ms (01 §8), with an optional action.
 * `type` lets callers show e.g. 'Operation failed. Please try again!!!' as an error snackbar.
 */
export function snackbar(
  message: ReactNode,
  extra: ToastExtra & { type?: 'info' | 'success' | 'error' | 'warning' } = {},
) {
  const { type = 'info', ...rest } = extra;
  return show({ type, title: message, duration: SNACKBAR_DURATION_MS, meta: { snackbar: true }, ...rest });
}

const { withProvider, withContext } = createStyleContext(toastRecipe);
const Root = withProvider(Toast.Root, 'root');
const Title = withContext(Toast.Title, 'title');
const Description = withContext(Toast.Description, 'description');
const ActionTrigger = withContext(Toast.ActionTrigger, 'actionTrigger');
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger');
const Icon = withContext(ark.span, 'icon');

const icons: Record<string, ReactNode> = {
  success: <CheckCircleIcon />,
  error: <XCircleIcon />,
  warning: <AlertTriangleIcon />,
  info: <InfoIcon />,
};

/** Renders the toaster's toasts. Mount exactly once (the lead mounts it beside the RouterProvider). */
export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster} aria-label={UI_MESSAGES.notifications}>
        {(t) => (
          <Root key={t.id}>
            <Icon data-toast-icon="">{icons[t.type ?? 'info'] ?? icons.info}</Icon>
            <div>
              {t.title && <Title>{t.title}</Title>}
              {t.description && <Description>{t.description}</Description>}
              {t.action && <ActionTrigger>{t.action.label}</ActionTrigger>}
            </div>
            <CloseTrigger aria-label={UI_MESSAGES.dismissNotification}>
              <XIcon />
            </CloseTrigger>
          </Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
