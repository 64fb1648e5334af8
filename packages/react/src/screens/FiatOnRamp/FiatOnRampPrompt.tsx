import type { FundWalletConfig, MoonpaySignResponse } from '@latchkey/api';
import { formatMessage } from '@latchkey/core';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { middleEllipsis } from '../../components/DisplayText/DisplayText.tsx';
import { WalletIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { signOnRamp } from '../../funding/onRamp.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { fiatOnRampCss } from './FiatOnRamp.css.ts';

/** The signed widget URL, or why there is none. */
type Signed =
  | { step: 'signing' }
  | { step: 'ready'; answer: MoonpaySignResponse }
  | { step: 'error'; message: string };

/**
 * FIAT_ON_RAMP_PROMPT_SCREEN (issue 20; spec sections 2 and 4, Funding): three points about the
 * card purchase and 'Continue to Moonpay'. Opened by `fundWallet` (request kind `fund`) or by the
 * send screen's 'Add Funds' (its `send-transaction` / `confirm-transaction` request, funding the
 * embedded wallet). The buy widget URL is signed by the server as the screen opens (`signOnRamp`:
 * the app's MoonPay key, the wallet, a new external id), so the click opens MoonPay's page in a
 * new tab within the click itself (popup blockers allow it; `noopener`: the tab cannot reach this
 * page) and moves to FIAT_ON_RAMP_STATUS_SCREEN. A refused signature (on-ramp off, no keys,
 * not the user's wallet) shows its message and no button. Closing rejects with 4001.
 */
export default function FiatOnRampPrompt() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(fiatOnRampCss);
  const s = useWalletScreen('fund', 'send-transaction', 'confirm-transaction');
  const { request, client, wallet, walletConfig, config, navigate, messages: m } = s;
  const address =
    request.kind === 'fund'
      ? request.address
      : (request.transaction.from ?? wallet.getState().address ?? '');
  const fundConfig: FundWalletConfig | undefined =
    request.kind === 'fund' ? request.config : undefined;
  const scheme = config.theme.colorScheme;
  const [signed, setSigned] = useState<Signed>({ step: 'signing' });

  useEffect(() => {
    let live = true;
    setSigned({ step: 'signing' });
    // MoonPay's page in the modal's light or dark, unless the app asked otherwise.
    const theme = scheme === 'light' || scheme === 'dark' ? { theme: scheme } : undefined;
    const body = {
      address,
      useSandbox: walletConfig.fiatOnRamp.useSandbox,
      config: { ...fundConfig, uiConfig: fundConfig?.uiConfig ?? theme },
    };
    signOnRamp(client.api.request, body).then(
      (answer) => live && setSigned({ step: 'ready', answer }),
      (error: unknown) =>
        live &&
        setSigned({
          step: 'error',
          message: (error as { message?: string }).message || m.onRampUnavailable,
        }),
    );
    return () => {
      live = false;
    };
    // The request is fixed for the screen's life; a new theme does not sign again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, address, walletConfig.fiatOnRamp.useSandbox]);

  const open = () => {
    if (signed.step !== 'ready') return;
    const { signedUrl, externalTransactionId } = signed.answer;
    window.open(signedUrl, '_blank', 'noopener,noreferrer');
    navigate('FIAT_ON_RAMP_STATUS_SCREEN', {
      wallet: request,
      onRamp: { externalTransactionId, address },
    });
  };

  return (
    <div className="lk-wallet lk-onramp" data-step={signed.step}>
      <ModalHeader title={m.onRampTitle} icon={<WalletIcon />} />
      <ol className="lk-onramp__points">
        <li>{m.onRampPointPay}</li>
        <li>{m.onRampPointVerify}</li>
        <li>{formatMessage(m.onRampPointArrive, { address: middleEllipsis(address) })}</li>
      </ol>
      {signed.step === 'error' ? (
        <p className="lk-wallet__error" role="alert">
          {signed.message}
        </p>
      ) : (
        <Button
          onClick={open}
          disabled={signed.step !== 'ready'}
          aria-busy={signed.step === 'signing'}
        >
          {signed.step === 'ready' ? m.onRampContinue : m.onRampPreparing}
        </Button>
      )}
    </div>
  );
}
