import { SCREEN } from '@latchkey/core';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/Button/Button.tsx';
import { WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import {
  WALLET_CONNECT_QR,
  walletConnectLogoBox,
  walletConnectQrDataUrl,
} from '../../externalWallets/walletConnect.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { walletConnectCss } from './WalletConnect.css.ts';

/**
 * The WalletConnect step of AWAITING_CONNECTION / AWAITING_CONNECT_ONLY_CONNECTION: pairs over
 * the relay through the host's connector (`externalWallets.walletConnect.connector`) with
 * `wallet_connect_cloud_project_id`, shows the pairing URI as a QR code (error correction H,
 * 160 px, logo 15 %), then hands the connected provider to the wallet connection flow
 * (`connector_type` 'wallet_connect'). A relay failure goes to LOGIN_FAILED_SCREEN. When
 * WalletConnect is not offered (no project id, no connector, or `enabled: false`) it says it is
 * not configured.
 */
export default function WalletConnect() {
  useStyleSheet(walletConnectCss);
  const { screen, config, messages: m, navigate } = useModal();
  const [qr, setQr] = useState<string | null>(null);
  const { walletConnectEnabled, walletConnectProjectId, walletConnectConnector } = config.loginList;
  const projectId = walletConnectEnabled ? walletConnectProjectId : null;
  const connector = walletConnectEnabled ? walletConnectConnector : null;
  const connectOnly = screen === SCREEN.AWAITING_CONNECT_ONLY_CONNECTION;
  useEffect(() => {
    if (!projectId || !connector) return;
    let live = true;
    connector
      .connect({
        projectId,
        chains: [config.wallet.defaultChain.id, ...config.wallet.supportedChains.map((c) => c.id)],
        onDisplayUri: (uri) => {
          void walletConnectQrDataUrl(uri).then((url) => live && setQr(url));
        },
        metadata: {
          name: config.appName || 'Latchkey',
          description: config.appName,
          url: window.location.origin,
          icons: config.logo ? [config.logo] : [],
        },
      })
      .then(
        (connection) => {
          if (!live) return;
          navigate(
            connectOnly ? SCREEN.AWAITING_CONNECT_ONLY_CONNECTION : SCREEN.AWAITING_CONNECTION,
            {
              externalWallet: { ...connection, connectorType: 'wallet_connect' },
            },
          );
        },
        (error: unknown) => {
          // The person sees 'failed'; the developer sees why (relay, rejection, missing package).
          console.warn('[latchkey] WalletConnect pairing failed', error);
          if (live)
            navigate(SCREEN.LOGIN_FAILED_SCREEN, {
              method: 'WalletConnect',
              error: { code: 'wallet_connect_failed' },
            });
        },
      );
    return () => {
      live = false;
    };
  }, [projectId, connector, config, navigate, connectOnly]);
  const logo = walletConnectLogoBox();
  if (!projectId || !connector) {
    return (
      <div className="lk-wc">
        <ModalHeader
          title="WalletConnect"
          message={m.walletConnectUnavailable}
          icon={<WalletIcon />}
        />
        <Button
          variant="primary"
          onClick={() =>
            navigate(connectOnly ? SCREEN.CONNECT_ONLY_LANDING_SCREEN : SCREEN.LANDING)
          }
        >
          {m.useDifferentWallet}
        </Button>
      </div>
    );
  }
  return (
    <div className="lk-wc">
      <ModalHeader title={m.walletConnectTitle} message={m.walletConnectDetail} />
      <div className="lk-wc__qr" data-testid="walletconnect-qr">
        {qr ? (
          <img
            src={qr}
            width={WALLET_CONNECT_QR.size}
            height={WALLET_CONNECT_QR.size}
            alt={m.walletConnectTitle}
          />
        ) : (
          <div
            className="lk-wc__placeholder"
            style={{ width: WALLET_CONNECT_QR.size, height: WALLET_CONNECT_QR.size }}
          >
            <span className="lk-spinner" />
          </div>
        )}
        {qr && (
          <span
            className="lk-wc__logo"
            style={{
              width: logo.size,
              height: logo.size,
              left: 12 + logo.offset,
              top: 12 + logo.offset,
            }}
          >
            <WalletIcon />
          </span>
        )}
      </div>
    </div>
  );
}
