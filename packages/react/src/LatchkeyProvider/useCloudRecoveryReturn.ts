import type { CloudRecoveryReturn, SessionState, WalletController } from '@latchkey/core';
import { useEffect, useState } from 'react';

/** Whether the page's query may carry a cloud recovery return (`latchkey_oauth_provider=...`). */
export function mayCarryCloudReturn(search: string): boolean {
  return /[?&]latchkey_oauth_provider=(google-drive|icloud)(&|$)/.test(search);
}

type Pending = 'none' | 'reading' | 'showing' | CloudRecoveryReturn;

/**
 * Issue 23, the cloud recovery redirect fallback: a blocked Google Drive pop-up sent the whole
 * page to the provider, which sends it back here with `latchkey_oauth_code` /
 * `latchkey_oauth_state` / `latchkey_oauth_provider=google-drive` (the social login's return
 * handler leaves such a return alone). On mount, core's `takeCloudRecoveryReturn` (the lazy
 * wallet entry) reads it with the flow this tab kept and strips the query; once the user is
 * logged in and the modal is closed, EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN opens again with the
 * flow's action and provider and `oauthReturn` (core's `cloudReturnPrompt`), where the frame
 * finishes it. A return without a pending flow is ignored; a logout drops it.
 *
 * @returns true while a return is being read or shown: the wallet's auto-connect waits, so a
 *   wallet that needs recovery is not offered a second, fresh recovery screen meanwhile.
 */
export function useCloudRecoveryReturn(
  appId: string,
  session: SessionState,
  wallet: WalletController,
  open: boolean,
): boolean {
  const [pending, setPending] = useState<Pending>(() =>
    typeof window !== 'undefined' && mayCarryCloudReturn(window.location.search)
      ? 'reading'
      : 'none',
  );

  useEffect(() => {
    if (pending !== 'reading') return;
    let live = true;
    import('@latchkey/core/embedded-wallet').then(
      ({ takeCloudRecoveryReturn }) => {
        if (live) setPending(takeCloudRecoveryReturn({ appId }) ?? 'none');
      },
      () => {
        if (live) setPending('none');
      },
    );
    return () => {
      live = false;
    };
  }, [pending, appId]);

  useEffect(() => {
    if (typeof pending !== 'object') return;
    if (session.status === 'unauthenticated') {
      setPending('none');
      return;
    }
    if (session.status !== 'authenticated' || open) return;
    const returned = pending;
    setPending('showing');
    void import('@latchkey/core/embedded-wallet')
      .then(({ cloudReturnPrompt }) => {
        const next = cloudReturnPrompt(returned);
        return wallet.prompt(next.screen, next.params);
      })
      .catch(() => {})
      .finally(() => setPending('none'));
  }, [pending, session, open, wallet]);

  return pending !== 'none';
}
