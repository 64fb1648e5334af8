import { errorCodeOf, formatMessage, KNOWN_WALLETS, SCREEN } from '@latchkey/core';
import { createSiweMessage } from 'viem/siwe';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useWalletConnectionState, walletConnectionFlowFor } from '../../flow.ts';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { WALLET_INSTALL_URLS } from './installUrls.ts';

/** The download page of the known wallet named `name` (KNOWN_WALLETS), or null. */
function installUrlOf(name: string | undefined): string | null {
  const known = Object.values(KNOWN_WALLETS).find((w) => w.name === name);
  return (known && WALLET_INSTALL_URLS[known.id]) ?? null;
}

/**
 * LOGIN_FAILED_SCREEN (spec sections 2 and 8): 'Could not connect with wallet', the reason
 * (rejected, timed out, linked to another user, or the error's message; 'Unable to connect
 * wallet' once the 2 retries are used), then Try again / Cancel, or 'Use a different wallet' /
 * Cancel when no retry is left. Cancel always closes the modal (no dead end, issue 14 item 8).
 * A chosen wallet that is not installed (`params.error.code` 'wallet_not_installed',
 * `params.method` its name): '{wallet} is not installed in this browser.', an 'Install {wallet}'
 * link to a known wallet's download page (new tab), Try again (back to the wallet list, to pick
 * it once installed) and Cancel.
 */
export default function LoginFailed() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('LoginFailed');
  const { params, config, messages: m, navigate, requestClose } = useModal();
  const mode = params.returnTo === SCREEN.CONNECT_ONLY_LANDING_SCREEN ? 'connect-only' : 'login';
  const flow = walletConnectionFlowFor({
    client,
    mode,
    config,
    createSiweMessage,
    onComplete: undefined,
  });
  const state = useWalletConnectionState(flow);
  const notInstalled = errorCodeOf(params.error) === 'wallet_not_installed';
  const back = params.returnTo ?? SCREEN.LANDING;
  const detail = notInstalled
    ? formatMessage(m.walletNotInstalled, { wallet: params.method ?? '' })
    : // Core's wallet-connection fallback ('Something went wrong while connecting your wallet.').
      (state.errorMessage ?? m.walletGenericError);
  const canRetry = !notInstalled && state.step === 'error' && state.canRetry;
  const installUrl = notInstalled ? installUrlOf(params.method) : null;
  const cancel = (
    <Button
      variant="secondary"
      onClick={() => {
        flow.reset();
        requestClose();
      }}
    >
      {m.cancel}
    </Button>
  );
  const awaiting =
    mode === 'connect-only' ? SCREEN.AWAITING_CONNECT_ONLY_CONNECTION : SCREEN.AWAITING_CONNECTION;
  return (
    <div
      className="lk-error"
      data-error-kind={notInstalled ? 'not-installed' : (state.errorKind ?? undefined)}
    >
      <ModalHeader
        title={m.loginFailedTitle}
        message={detail}
        icon={<AlertIcon />}
        iconTone="danger"
      />
      {installUrl && (
        <a
          className="lk-button lk-button--primary"
          href={installUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {formatMessage(m.installWallet, { wallet: params.method ?? '' })}
        </a>
      )}
      {canRetry ? (
        <Button variant="primary" onClick={() => navigate(awaiting, { retry: true })}>
          {m.tryAgain}
        </Button>
      ) : notInstalled ? (
        <Button
          variant={installUrl ? 'secondary' : 'primary'}
          onClick={() => {
            flow.reset();
            navigate(back);
          }}
        >
          {m.tryAgain}
        </Button>
      ) : (
        <Button
          variant="primary"
          onClick={() => {
            flow.reset();
            navigate(back);
          }}
        >
          {m.useDifferentWallet}
        </Button>
      )}
      {cancel}
    </div>
  );
}
