import { recoveryScreenFor } from '@latchkey/core/embedded-wallet';
import { SCREEN } from '@latchkey/core';
import { useEffect } from 'react';
import { WalletIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { once } from '../../wallet/loginFailure.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { connectingCss } from './EmbeddedWalletConnecting.css.ts';

/**
 * EMBEDDED_WALLET_CONNECTING_SCREEN (spec section 4, "Wallet connecting"): connects the wallet on
 * this device. Without a device share, 'latchkey' recovery is silent (in the manager); other
 * methods continue on the recovery screens. Resolves with the address once connected.
 */
export default function EmbeddedWalletConnecting() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(connectingCss);
  const { request, wallet, settle, close, navigate, messages: m } = useWalletScreen('connect');

  useEffect(() => {
    let live = true;
    once(request, async () => {
      const manager = await wallet.manager();
      const state = manager.getState();
      if (state.status === 'connected' && state.address) {
        return { status: 'connected' as const, address: state.address };
      }
      return manager.connect();
    }).then(
      (result) => {
        if (!live) return;
        if (result.status === 'connected') {
          settle(result.address);
          close();
          return;
        }
        const next = recoveryScreenFor([result.recoveryMethod]);
        if (next) {
          navigate(next, {
            wallet: { ...request, kind: 'recover', methods: [result.recoveryMethod] },
          });
        }
      },
      (error: unknown) => {
        if (live) navigate(SCREEN.ERROR_SCREEN, { error, returnTo: SCREEN.LANDING });
      },
    );
    return () => {
      live = false;
    };
  }, [request, wallet, settle, close, navigate]);

  return (
    <div className="lk-wallet lk-wallet-connecting">
      <ModalHeader
        title={m.walletConnectingTitle}
        message={m.walletConnectingDetail}
        icon={<WalletIcon />}
      />
      <div className="lk-wallet__busy" role="status" aria-label={m.walletConnectingTitle}>
        <span className="lk-spinner" />
      </div>
    </div>
  );
}
