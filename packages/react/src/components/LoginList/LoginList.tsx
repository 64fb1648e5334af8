import {
  buildLoginList,
  formatMessage,
  isOAuthProvider,
  type LoginListEntry,
  type LoginListView,
  type LoginMethodName,
  SCREEN,
  type ScreenName,
  type WalletId,
} from '@latchkey/core';
import { lazy, type MouseEvent, type ReactNode, Suspense, useContext, useState } from 'react';
import { walletDestination } from '../../externalWallets/openWallet.ts';
import {
  useEip6963Wallets,
  type WalletOption,
  walletOptionsFor,
} from '../../externalWallets/walletOptions.ts';
import { LatchkeyContext } from '../../LatchkeyProvider/context.ts';
import { oauthCaptchaOptions } from '../../Modal/captchaGate.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../Button/Button.tsx';
import { EmailLoginMethod } from '../EmailLoginMethod/EmailLoginMethod.tsx';
import { BackIcon, MailIcon, PhoneIcon, WalletIcon } from '../Icons/Icons.tsx';
import { WalletButton } from '../WalletButton/WalletButton.tsx';
import { loginListCss } from './LoginList.css.ts';

/** The SMS input, with libphonenumber-js: its own chunk, loaded when SMS is expanded. */
const SmsLoginMethod = lazy(() => import('../SmsLoginMethod/SmsLoginMethod.tsx'));

/** Display names of the methods whose buttons the list shows. */
const METHOD_NAMES: Record<LoginMethodName, string> = {
  email: 'Email',
  sms: 'SMS',
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
  wallet: 'Wallet',
  farcaster: 'Farcaster',
  passkey: 'Passkey',
  telegram: 'Telegram',
};

/** The screen each method's button opens. Until later issues build them, these screens say
 * the method is not configured. */
function methodScreen(method: LoginMethodName): ScreenName {
  switch (method) {
    case 'passkey':
      return SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE;
    case 'farcaster':
      return SCREEN.AWAITING_FARCASTER_CONNECTION;
    case 'telegram':
      return SCREEN.TELEGRAM_AUTH_SCREEN;
    default:
      return SCREEN.AWAITING_OAUTH_SCREEN;
  }
}

const isMobile = () =>
  typeof navigator !== 'undefined' && /android|iphone|ipad|ipod|mobile/i.test(navigator.userAgent);

/** Props of {@link LoginList}. */
export interface LoginListProps {
  /**
   * 'connect-only' lists wallets only and connects without a login; 'link' (issue 6,
   * LINK_WALLET_SCREEN) lists wallets only and links the chosen one to the logged-in user.
   */
  mode?: 'login' | 'connect-only' | 'link';
}

/**
 * The login list of LANDING (spec sections 2, 4 and 9): core's `buildLoginList` decides the
 * entries; this renders them, keeps the view (default / overflow / web3-overflow, Back returns)
 * and turns clicks into navigation.
 */
export function LoginList({ mode = 'login' }: LoginListProps) {
  useStyleSheet(loginListCss);
  const { config, messages: m, navigate, withCaptcha } = useModal();
  const client = useContext(LatchkeyContext)?.client;
  const walletsOnly = mode !== 'login';
  const [view, setView] = useState<LoginListView>(walletsOnly ? 'web3-overflow' : 'default');
  const [passwordlessChoice, setPasswordlessChoice] = useState<'email' | 'sms' | null>(null);
  const [inputsOpen, setInputsOpen] = useState(false);
  const announced = useEip6963Wallets();
  const ll = config.loginList;
  const list = buildLoginList({
    loginMethods: walletsOnly
      ? ['wallet']
      : // Twitter on mobile only with twitterOAuthOnMobileEnabled (spec section 5).
        config.loginMethods.filter(
          (x) => x !== 'twitter' || config.twitterOAuthOnMobileEnabled || !isMobile(),
        ),
    loginMethodsAndOrder: walletsOnly ? null : ll.loginMethodsAndOrder,
    loginGroupPriority: ll.loginGroupPriority,
    showWalletLoginFirst: ll.showWalletLoginFirst,
    hideDirectWeb2Inputs: ll.hideDirectWeb2Inputs,
    walletList: ll.walletList,
    view,
  });
  const listedWallets = list.entries.flatMap((e) => (e.kind === 'wallet' ? [e.wallet] : []));

  const openWallet = (option: WalletOption, event: MouseEvent<HTMLButtonElement>) => {
    const to = walletDestination(option, {
      mode: mode === 'link' ? 'login' : mode,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      isTrusted: event.nativeEvent.isTrusted,
      isMobile: isMobile(),
      walletConnect: ll.walletConnectEnabled,
    });
    if (mode === 'link') {
      navigate(to.screen, { ...to.params, mode: 'link', returnTo: SCREEN.LINK_WALLET_SCREEN });
      return;
    }
    if (mode === 'connect-only') {
      navigate(to.screen, { ...to.params, returnTo: SCREEN.LANDING });
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

  /** A passkey ceremony, after the captcha gate; the dialog wants the user's gesture. */
  const startPasskey = (passkey: 'signup' | 'login') =>
    void withCaptcha(
      (captchaToken) =>
        navigate(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
          passkey,
          ...(captchaToken ? { captchaToken } : {}),
        }),
      { gesture: true },
    );

  const notConfigured = (method: string, screen: ScreenName = SCREEN.AWAITING_OAUTH_SCREEN) =>
    navigate(screen, { method });

  /**
   * A social button (issue 5): the flow starts synchronously in the click, so the provider's
   * popup opens inside the user's gesture; the screen waits for it. Through the captcha gate
   * (issue 6): with a ready token at once; else CAPTCHA_SCREEN's 'Continue' click starts it.
   */
  const startOAuth = (method: LoginMethodName) => {
    if (!isOAuthProvider(method) || !client) {
      return notConfigured(METHOD_NAMES[method], methodScreen(method));
    }
    void withCaptcha(
      (captchaToken) => {
        const result = client.initOAuth(method, oauthCaptchaOptions(captchaToken));
        result.catch(() => {}); // the screen reports it
        navigate(SCREEN.AWAITING_OAUTH_SCREEN, { oauth: { provider: method, result } });
      },
      { gesture: true },
    );
  };

  const renderWallets = (ids: WalletId[]) =>
    walletOptionsFor(ids, announced, listedWallets).map((option) => (
      <li key={option.key}>
        <WalletButton
          name={option.name}
          icon={option.icon ? <img src={option.icon} alt="" /> : <WalletIcon />}
          badge={option.provider ? m.detectedWallet : null}
          connectLabel={m.connect}
          onClick={(event) => openWallet(option, event)}
          testId={`wallet-${option.walletClientType}`}
        />
      </li>
    ));

  const renderEntry = (entry: LoginListEntry, index: number) => {
    switch (entry.kind) {
      case 'passwordless': {
        const shown = passwordlessChoice ?? entry.expanded;
        const other = entry.methods.find((x) => x !== shown);
        if (entry.collapsed && !inputsOpen) {
          return entry.methods.map((method) => (
            <li key={`pw-${method}`}>
              <button
                type="button"
                className="lk-login-list__method"
                onClick={() => {
                  setPasswordlessChoice(method === 'sms' ? 'sms' : 'email');
                  setInputsOpen(true);
                }}
              >
                {method === 'sms' ? <PhoneIcon /> : <MailIcon />}
                {method === 'email' ? m.continueWithEmail : m.continueWithSms}
              </button>
            </li>
          ));
        }
        return (
          <li key="passwordless">
            {shown === 'email' ? (
              <EmailLoginMethod />
            ) : (
              <Suspense fallback={<p className="lk-sms__loading">{m.loading}</p>}>
                <SmsLoginMethod />
              </Suspense>
            )}
            {other && (
              <Button
                variant="link"
                className="lk-login-list__switch"
                onClick={() => setPasswordlessChoice(other)}
              >
                {other === 'sms' ? m.useSmsInstead : m.useEmailInstead}
              </Button>
            )}
          </li>
        );
      }
      case 'method':
        return (
          <li key={`method-${entry.method}`}>
            <button
              type="button"
              className="lk-login-list__method"
              data-method={entry.method}
              onClick={() =>
                entry.method === 'passkey'
                  ? startPasskey('signup')
                  : isOAuthProvider(entry.method)
                    ? startOAuth(entry.method)
                    : notConfigured(METHOD_NAMES[entry.method], methodScreen(entry.method))
              }
            >
              {METHOD_NAMES[entry.method]}
            </button>
          </li>
        );
      case 'wallet':
        return null; // rendered in runs below
      case 'more-options':
        return (
          <li key="more-options">
            <button
              type="button"
              className="lk-login-list__method lk-login-list__more"
              onClick={() => setView('overflow')}
            >
              {m.moreOptions}
            </button>
          </li>
        );
      case 'overflow':
        return (
          <li key={`overflow-${entry.panel}`}>
            <button
              type="button"
              className="lk-login-list__method lk-login-list__more"
              onClick={() => setView(entry.panel)}
            >
              {entry.panel === 'web3-overflow' ? m.moreWallets : m.moreSocials}
              <span>+{entry.count}</span>
            </button>
          </li>
        );
      case 'passkey-link':
        return (
          <li key="passkey-link" className="lk-login-list__passkey">
            <Button
              variant="link"
              data-testid="passkey-login"
              onClick={() => startPasskey('login')}
            >
              {m.iHaveAPasskey}
            </Button>
          </li>
        );
      default:
        return <li key={index} />;
    }
  };

  // Consecutive wallet entries render as one run, so `detected_wallets` can expand in place.
  const rows: ReactNode[] = [];
  for (let i = 0; i < list.entries.length; i++) {
    const entry = list.entries[i]!;
    if (entry.kind !== 'wallet') {
      rows.push(renderEntry(entry, i));
      continue;
    }
    const run: WalletId[] = [];
    while (i < list.entries.length && list.entries[i]!.kind === 'wallet') {
      run.push((list.entries[i] as { wallet: WalletId }).wallet);
      i++;
    }
    i--;
    rows.push(...renderWallets(run));
  }

  return (
    <>
      {list.back && mode === 'login' && (
        <Button variant="link" className="lk-login-list__back" onClick={() => setView('default')}>
          <BackIcon /> {m.back}
        </Button>
      )}
      <ul
        className="lk-login-list"
        data-layout={list.layout}
        data-priority={list.priority ?? undefined}
        data-view={list.view}
        aria-label={formatMessage(m.landingHeader, {})}
      >
        {rows}
      </ul>
    </>
  );
}
