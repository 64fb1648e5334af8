import type { FundWalletConfig } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import { useCallback } from 'react';
import type { FundWalletResult } from '../funding/onRamp.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

export type { FundWalletResult } from '../funding/onRamp.ts';

/** What {@link useFundWallet} returns. */
export interface UseFundWalletReturnType {
  /**
   * Opens FIAT_ON_RAMP_PROMPT_SCREEN for `address` (one of the user's wallets, embedded or
   * linked): 'Continue to Moonpay' opens MoonPay's buy page, signed by the server, in a new tab,
   * then FIAT_ON_RAMP_STATUS_SCREEN polls the purchase every 3 s until a final state.
   * `config`: MoonPay's options (`currencyCode` default `eth`, `quoteCurrencyAmount`,
   * `baseCurrencyCode`, `baseCurrencyAmount`, `paymentMethod`, `redirectURL`, `uiConfig`
   * `{accentColor: '#rrggbb', theme}`); the sandbox comes from `fiatOnRamp.useSandbox`.
   * @returns `{status, externalTransactionId}` when the user leaves the status screen (Continue,
   *   Done or closing): `completed`, `failed`, `serviceFailure`, or `pending` /
   *   `waitingAuthorization` when closed before a final state.
   * @throws ProviderRpcError 4001 'user rejected' when closed on the prompt; the prompt shows
   *   the server's refusal (`fiat_on_ramp_disabled`, `fiat_on_ramp_not_configured`,
   *   `wallet_not_owned`) in place of its button.
   */
  fundWallet: (parameters: {
    address: string;
    config?: FundWalletConfig;
  }) => Promise<FundWalletResult>;
}

/**
 * Funds a wallet by card through MoonPay (issue 20; spec sections 1, 2 and 4, Funding). Needs
 * the on-ramp on for the app (`fiat_on_ramp_enabled`) and its MoonPay keys on the server.
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { fundWallet } = useFundWallet();
 * const { status } = await fundWallet({ address, config: { currencyCode: 'usdc' } });
 */
export function useFundWallet(): UseFundWalletReturnType {
  const { wallet } = useInternalLatchkey('useFundWallet');
  const fundWallet = useCallback(
    ({ address, config }: { address: string; config?: FundWalletConfig }) =>
      wallet.prompt<FundWalletResult>(SCREEN.FIAT_ON_RAMP_PROMPT_SCREEN, {
        kind: 'fund',
        address,
        ...(config ? { config } : {}),
      }),
    [wallet],
  );
  return { fundWallet };
}
