/**
 * 'Support' (01 §2 profile menu, the account page's settings): opens the address GET /api/support answers
 * (01 §7 "returns a url opened in a new window"), or says clearly that support is not configured when the
 * deployment has none (url null). The address is read once the user is known, so a click opens the window
 * at once (within the click, as pop-up blockers require) instead of opening an empty one and filling it later.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/core/services';

export const SUPPORT_MESSAGES = {
  notConfigured: 'Support is not configured for this app, so there is no support page to open.',
} as const;

async function sayNotConfigured() {
  // the toaster loads after the first route; so does its module
  const { toast } = await import('@/ui/toast');
  toast.info(SUPPORT_MESSAGES.notConfigured);
}

/** `open` for the Support items; `enabled` once a user is signed in (the call needs a token). */
export function useSupport(enabled: boolean) {
  const { api, $api } = useServices();
  const support = useQuery({ ...$api.queryOptions('get', '/api/support'), enabled, staleTime: Infinity, retry: false });
  const known = support.data;
  return useCallback(async () => {
    if (known) {
      if (known.url) window.open(known.url, '_blank', 'noopener,noreferrer');
      else await sayNotConfigured();
      return;
    }
    // Not read yet (or the read failed): open the window within the click, then point it at the address.
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    try {
      const { data } = await api.GET('/api/support');
      if (data?.url && win) win.location.href = data.url;
      else {
        win?.close();
        if (!data?.url) await sayNotConfigured();
      }
    } catch {
      win?.close();
    }
  }, [api, known]);
}
