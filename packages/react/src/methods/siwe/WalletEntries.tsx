import { SCREEN, type WalletId } from '@latchkey/core';
import type { MouseEvent } from 'react';
import { WalletIcon } from '../../components/Icons/Icons.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import type { MethodEntryProps } from '../types.ts';
import { WalletButton } from './Button.tsx';
import { walletDestination } from './externalWallets/openWallet.ts';
import { bundledWalletIcon } from './externalWallets/walletIcons.ts';
import {
  useEip6963Wallets,
  type WalletOption,
  walletOptionsFor,
} from './externalWallets/walletOptions.ts';

const isMobile = () =>
  typeof navigator !== 'undefined' && /android|iphone|ipad|ipod|mobile/i.test(navigator.userAgent);

const walletsOf = (entries: MethodEntryProps['run']): WalletId[] =>
  entries.flatMap((e) => (e.kind === 'wallet' ? [e.wallet] : []));

/**
 * The options of a run: a detected-wallet row core made for one announcement (`detected`, its
 * EIP-6963 uuid; issue 14 item 3) draws that wallet only; a `detected_wallets` entry without it
 * expands to every announced wallet the list does not name; a named wallet is that wallet.
 */
function optionsOf(
  run: MethodEntryProps['run'],
  list: MethodEntryProps['list'],
  announced: ReturnType<typeof useEip6963Wallets>,
): WalletOption[] {
  return run.flatMap((e) => {
    if (e.kind !== 'wallet') return [];
    if (e.detected === undefined) return walletOptionsFor([e.wallet], announced, walletsOf(list));
    const match = announced.filter((d) => d.info.uuid === e.detected);
    return walletOptionsFor(['detected_wallets'], match, []);
  });
}

/**
 * A run of wallet entries of the login list (spec sections 4 and 9; issue 4): one button per
 * wallet option, with its icon (a detected-wallet row is the announced wallet core placed
 * there; a bare `detected_wallets` expands in place to the EIP-6963 wallets the list does not
 * name). A click opens the wallet's screen (`walletDestination`): in 'link' mode to link it,
 * in 'connect-only' mode to connect it, else to log in, through the captcha gate (SIWE init).
 */
export function WalletEntries({ run, list, mode }: MethodEntryProps) {
  const { config, messages: m, navigate, withCaptcha } = useModal();
  const announced = useEip6963Wallets();

  const openWallet = (option: WalletOption, event: MouseEvent<HTMLButtonElement>) => {
    const to = walletDestination(option, {
      mode: mode === 'link' ? 'login' : mode,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      isTrusted: event.nativeEvent.isTrusted,
      isMobile: isMobile(),
      walletConnect: config.loginList.walletConnectEnabled,
    });
    if (mode === 'link') {
      navigate(to.screen, { ...to.params, mode: 'link', returnTo: SCREEN.LINK_WALLET_SCREEN });
      return;
    }
    if (mode === 'connect-only') {
      // Back and retries return to the connect-only list, not to the login landing.
      navigate(to.screen, { ...to.params, returnTo: SCREEN.CONNECT_ONLY_LANDING_SCREEN });
      return;
    }
    // A wallet login's SIWE init goes through the captcha gate (spec section 4).
    void withCaptcha((captchaToken) =>
      navigate(to.screen, {
        ...to.params,
        returnTo: SCREEN.LANDING,
        ...(captchaToken ? { captchaToken } : {}),
      }),
    );
  };

  return (
    <>
      {optionsOf(run, list, announced).map((option) => {
        // The announced EIP-6963 icon, else the known wallet's bundled one, else a wallet glyph.
        const icon = option.icon ?? (option.known ? bundledWalletIcon(option.known.id) : null);
        return (
          <li key={option.key}>
            <WalletButton
              name={option.name}
              icon={icon ? <img src={icon} alt="" /> : <WalletIcon />}
              badge={option.provider ? m.detectedWallet : null}
              connectLabel={m.connect}
              onClick={(event) => openWallet(option, event)}
              testId={`wallet-${option.walletClientType}`}
            />
          </li>
        );
      })}
    </>
  );
}
