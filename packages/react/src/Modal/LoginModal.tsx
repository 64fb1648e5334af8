import { MODAL_TRANSITION_MS, SUCCESS_CLOSE_MS } from '@latchkey/api';
import {
  type AuthenticateResult,
  createPasswordlessFlow,
  exitModal,
  type PasswordlessFlow,
  SCREEN,
  type ScreenName,
} from '@latchkey/core';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from 'react';
import { createPortal } from 'react-dom';
import { Footer } from '../components/Footer/Footer.tsx';
import { BackIcon, CloseIcon } from '../components/Icons/Icons.tsx';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import { ShadowHost } from '../ShadowHost/ShadowHost.tsx';
import { preloadLikelyNext, screenEntry } from '../screens/registry.ts';
import { useStyleSheet } from '../styles/useStyleSheet.ts';
import { themeToCss } from '../theme/theme.ts';
import { afterLoginDelay, routeAfterLogin } from './afterLogin.ts';
import { type CaptchaHandle, gateWithCaptcha } from './captchaGate.ts';
import { focusInitial, trapTab } from './focus.ts';
import { modalCss } from './Modal.css.ts';
import { LOADING_ATTRIBUTE, useAnimatedHeight } from './useAnimatedHeight.ts';
import { useVisualViewportBox } from './visualViewport.ts';
import { ModalContext, type ModalContextValue } from './ModalContext.ts';
import type { LoginFailure, ScreenParams } from './types.ts';

/** Props of {@link LoginModal}. */
export interface LoginModalProps {
  /**
   * Render inline for embedding in a page (spec section 3, `render.standalone`): no overlay,
   * no portal to `<body>`, no close button, always open.
   */
  standalone?: boolean;
}

type Phase = 'open' | 'closing' | 'closed';
type Nav = { screen: ScreenName; params: ScreenParams };
const LANDING: Nav = { screen: SCREEN.LANDING, params: {} };

/**
 * The login modal (spec section 2). Loaded lazily by the provider on the first `login()`.
 *
 * - `role="dialog"`, `aria-modal`, labelled by the current screen's title; Tab and Shift+Tab
 *   stay inside; first input focused on open and on every screen change; focus returns to
 *   the element that called `login()`.
 * - Escape, the close button and a click on the backdrop share one graceful close path: the
 *   current screen's cancel handler runs first (spec section 2).
 * - 150 ms transitions; 150 ms after closing, the screen resets to LANDING.
 * - No flicker, no jumps (issue 14 item 2): a screen change is a transition, so the shown
 *   screen stays (the card `aria-busy`) until the next one's code is in, never a card with only
 *   a spinner; the registry preloads the likely next screens; an opening modal keeps its frame
 *   hidden until the first screen's code is in (`Loading`); the card's height follows its
 *   content with the 150 ms transition (`useAnimatedHeight`) instead of jumping.
 * - Rendered in a shadow root with constructable stylesheets (no `<style>` tags).
 * - Login gates (issue 6): a finished login goes on through `finishLogin` (`afterLogin.ts`:
 *   consent screen, wallet creation or close); apps with a captcha get one captcha per open
 *   modal (`@latchkey/core/captcha`, mounted in a hidden host in the card) and every
 *   unauthenticated login init goes through `withCaptcha` (`captchaGate.ts`). A cancel handler
 *   may return a `LoginFailure` that replaces `exited_auth_flow` (declined terms).
 */
export default function LoginModal({ standalone = false }: LoginModalProps) {
  const { client, config, modal, mfa } = useInternalLatchkey('LoginModal');
  // Issue 15: a wallet action waiting for MFA shows the prompt over the waiting screen.
  const mfaRequest = useSyncExternalStore(mfa.store.subscribe, mfa.store.get, mfa.store.get);
  const open = standalone || modal.open;
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed');
  const [nav, setNav] = useState<Nav>(modal.start ?? LANDING);
  // Screen changes while the card shows are transitions: React keeps the shown screen until
  // the next one has rendered (its lazy code in), instead of the Suspense fallback.
  const [changing, startTransition] = useTransition();
  const [passwordless, setPasswordless] = useState<PasswordlessFlow | null>(null);
  const cancelHandler = useRef<(() => void | LoginFailure) | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const overlayRef = useVisualViewportBox();
  const titleId = useId();
  const latestModal = useRef(modal);
  latestModal.current = modal;

  // One flow per mounted modal; created in an effect so StrictMode's re-run gets a fresh one.
  // It depends on the client only: a config change (the server config arriving, a host
  // re-rendering with a new `config` object) must not restart a login in progress.
  const messagesAtStart = useRef(config.messages);
  const latestConfig = useRef(config);
  latestConfig.current = config;
  useEffect(() => {
    // Spec section 4, "Code entry": ~900 ms after success the consent screen (terms required,
    // not accepted) or the wallet-creation screen, else close after 1400 ms (`afterLogin.ts`).
    // In link / update-email mode the flow ends with the updated user instead.
    const flow = createPasswordlessFlow(client, {
      onComplete: (result: AuthenticateResult) => {
        if (flow.getState().mode !== 'login') return latestModal.current.completeLink(result.user);
        routeAfterLogin(
          {
            config: latestConfig.current,
            navigate: (screen, params) => {
              cancelHandler.current = null;
              startTransition(() => setNav({ screen, params: params ?? {} }));
            },
            complete: (r) => latestModal.current.complete(r),
          },
          result,
        );
      },
      completeDelayMs: (result) =>
        flow.getState().mode !== 'login'
          ? SUCCESS_CLOSE_MS
          : afterLoginDelay(latestConfig.current, result),
      messages: messagesAtStart.current,
    });
    setPasswordless(flow);
    return () => flow.destroy();
  }, [client]);

  // One captcha per open modal (spec section 4, "Captcha"), from the lazy `@latchkey/core/captcha`
  // entry, rendered into a hidden container inside the card. Destroyed when the modal closes.
  const [createdCaptcha, setCreatedCaptcha] = useState<CaptchaHandle | null>(null);
  /** The captcha screens see: set once it is mounted into its host. */
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);
  const [captchaHost, setCaptchaHost] = useState<HTMLDivElement | null>(null);
  const captchaEnabled = open && config.captcha.enabled;
  const captchaSiteKey = config.captcha.siteKey;
  useEffect(() => {
    if (!captchaEnabled || !captchaSiteKey) return;
    let live = true;
    let created: CaptchaHandle | null = null;
    import('@latchkey/core/captcha')
      .then((mod) => {
        if (!live) return;
        created = mod.createCaptcha({ enabled: true, siteKey: captchaSiteKey, api: client.api });
        setCreatedCaptcha(created);
      })
      .catch((error: unknown) => {
        console.warn('[latchkey] could not start the captcha', error);
      });
    return () => {
      live = false;
      created?.destroy();
      setCreatedCaptcha(null);
    };
  }, [client, captchaEnabled, captchaSiteKey]);
  // The host is in the shadow root, rendered after the frame: mount once both exist.
  useEffect(() => {
    if (!createdCaptcha || !captchaHost) return;
    createdCaptcha.mount(captchaHost).catch((error: unknown) => {
      console.warn('[latchkey] could not render the captcha', error);
    });
    setCaptcha(createdCaptcha);
    return () => setCaptcha(null);
  }, [createdCaptcha, captchaHost]);

  // A wallet screen request (sign, send, export...) opens the modal on that screen: at once
  // when the modal is opening (no earlier screen may show first), in a transition when the
  // card already shows a screen.
  useEffect(() => {
    if (open && modal.start) {
      cancelHandler.current = null;
      const start = modal.start;
      if (cardRef.current) startTransition(() => setNav(start));
      else setNav(start);
    }
  }, [open, modal.start]);

  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      setPhase('open');
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    setPhase('closing');
    const opener = latestModal.current.opener.current;
    // The modal's shadow host: while focus is on it, it is still "in the modal".
    const root = cardRef.current?.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : null;
    opener?.focus();
    const timer = setTimeout(() => {
      setPhase('closed');
      setNav(LANDING);
      passwordless?.reset();
      // The opener may have been disabled a moment ago (a host button busy with the request
      // this screen just settled) and refused focus: once enabled again it gets it, unless
      // focus has gone somewhere else meanwhile (issue 14, item 5).
      const active = document.activeElement;
      if (opener && (!active || active === document.body || active === host)) opener.focus();
    }, MODAL_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open, passwordless]);

  const closeable = !standalone && config.render.closeable;
  const requestClose = useCallback(() => {
    if (!closeable) return;
    const handler = cancelHandler.current;
    cancelHandler.current = null;
    const failure = handler?.();
    latestModal.current.close(failure || undefined);
  }, [closeable]);

  const navigate = useCallback((screen: ScreenName, params: ScreenParams = {}) => {
    cancelHandler.current = null;
    // Back on the landing, the user chooses another method: a failed attempt has ended, and
    // only now does `useLogin({ onError })` hear of it (issue 14, item 6).
    if (screen === SCREEN.LANDING) latestModal.current.settle();
    startTransition(() => setNav({ screen, params }));
  }, []);

  const setCancelHandler = useCallback((handler: (() => void | LoginFailure) | null) => {
    cancelHandler.current = handler;
  }, []);

  // A view inside the screen (the login list's panels) may take the one Back (issue 14 item 11).
  const [backHandler, setBackHandlerState] = useState<(() => void) | null>(null);
  const setBackHandler = useCallback((handler: (() => void) | null) => {
    setBackHandlerState(() => handler);
  }, []);

  const finishLogin = useCallback(
    (result: AuthenticateResult) => {
      routeAfterLogin(
        {
          config: latestConfig.current,
          navigate,
          complete: (r) => latestModal.current.complete(r),
        },
        result,
      );
    },
    [navigate],
  );

  const exit = useCallback(
    (failure: LoginFailure) => {
      cancelHandler.current = null;
      exitModal(
        {
          closeable,
          close: (f) => latestModal.current.close(f),
          fail: (f) => latestModal.current.fail(f),
          restart: () => navigate(SCREEN.LANDING),
        },
        failure,
      );
    },
    [closeable, navigate],
  );

  // The shown screen: set on commit, as a transition may render a screen that is not shown yet.
  const currentScreen = useRef(nav.screen);
  useLayoutEffect(() => {
    currentScreen.current = nav.screen;
  }, [nav.screen]);

  const contentRef = useAnimatedHeight();
  const withCaptcha = useCallback<ModalContextValue['withCaptcha']>(
    (run, options) =>
      gateWithCaptcha(
        {
          captcha,
          enabled: captchaEnabled && Boolean(captchaSiteKey),
          authenticated: client.getState().status === 'authenticated',
          navigate,
          returnTo: currentScreen.current,
        },
        run,
        options,
      ),
    [captcha, captchaEnabled, captchaSiteKey, client, navigate],
  );

  const value = useMemo<ModalContextValue | null>(
    () =>
      passwordless && {
        screen: nav.screen,
        params: nav.params,
        navigate,
        config,
        messages: config.messages,
        titleId,
        passwordless,
        complete: (result) => latestModal.current.complete(result),
        completeLink: (user) => latestModal.current.completeLink(user),
        fail: (error) => latestModal.current.fail(error),
        finishLogin,
        exit,
        withCaptcha,
        captcha,
        requestClose,
        setCancelHandler,
        setBackHandler,
      },
    [
      passwordless,
      nav,
      navigate,
      config,
      titleId,
      requestClose,
      setCancelHandler,
      setBackHandler,
      finishLogin,
      exit,
      withCaptcha,
      captcha,
    ],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (!closeable) return;
      event.stopPropagation();
      event.preventDefault();
      requestClose();
      return;
    }
    if (!standalone && cardRef.current) trapTab(event, cardRef.current);
  };

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) requestClose();
  };

  if (phase === 'closed' || !value) return null;

  const entry = screenEntry(nav.screen);
  const Screen = entry.component;
  // The MFA prompt covers the screen that waits for it, which stays mounted (its request and
  // frames live on) but hidden, and comes back once the verification is done.
  const mfaOver = mfaRequest !== null && nav.screen !== SCREEN.MFA_VERIFICATION_SCREEN;
  const MfaPrompt = screenEntry(SCREEN.MFA_VERIFICATION_SCREEN).component;
  const back = entry.back;
  // While the MFA prompt covers a screen, Back must not take the waiting screen away.
  const onBack = mfaOver ? null : (backHandler ?? (back ? () => navigate(back) : null));
  const m = config.messages;

  const card = (
    <div
      ref={cardRef}
      className="lk-card"
      role="dialog"
      aria-modal={standalone ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-screen={mfaOver ? SCREEN.MFA_VERIFICATION_SCREEN : nav.screen}
      aria-busy={changing || undefined}
      onKeyDown={onKeyDown}
    >
      <div ref={contentRef} className="lk-card__content">
        <div className="lk-topbar">
          {onBack ? (
            <button
              type="button"
              className="lk-icon-button lk-back"
              aria-label={m.back}
              onClick={onBack}
            >
              <BackIcon />
            </button>
          ) : (
            <span />
          )}
          {closeable && (
            <button
              type="button"
              className="lk-icon-button lk-close"
              aria-label={m.close}
              onClick={requestClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <ModalContext.Provider value={value}>
          <Suspense fallback={<Loading label={m.loading} />}>
            {mfaOver && (
              <div className="lk-screen" data-screen={SCREEN.MFA_VERIFICATION_SCREEN}>
                <MfaPrompt />
              </div>
            )}
            <div
              className="lk-screen"
              key={screenKey(nav)}
              data-screen={nav.screen}
              hidden={mfaOver || undefined}
            >
              <Screen />
            </div>
            <FocusOnMount target={cardRef} screen={nav.screen} skipFirst={standalone} />
            <PreloadLikelyNext screen={nav.screen} />
          </Suspense>
          <Footer
            legal={config.legal}
            messages={m}
            hideTerms={
              // The sentence is about logging in: not for a logged-in user's wallet, link or
              // update screens, nor on the consent screen that asks instead.
              nav.screen.startsWith('EMBEDDED_WALLET_') ||
              nav.screen.startsWith('FIAT_ON_RAMP_') ||
              nav.screen.startsWith('MFA_') ||
              nav.screen.startsWith('LINK_') ||
              nav.screen === SCREEN.UPDATE_EMAIL_SCREEN ||
              nav.screen === SCREEN.AFFIRMATIVE_CONSENT_SCREEN ||
              (nav.params.mode !== undefined && nav.params.mode !== 'login')
            }
          />
          {/* The captcha widget's home (Turnstile renders an invisible iframe here). */}
          <div ref={setCaptchaHost} className="lk-captcha-host" hidden data-testid="captcha-host" />
        </ModalContext.Provider>
      </div>
    </div>
  );

  const tree = (
    <ShadowHost>
      <Frame themeCss={themeToCss(config.theme)} standalone={standalone}>
        {standalone ? (
          card
        ) : (
          // A backdrop click is a pointer shortcut; keyboard users have Escape and the close button.
          <div ref={overlayRef} className="lk-overlay" data-state={phase} onMouseDown={onBackdrop}>
            {card}
          </div>
        )}
      </Frame>
    </ShadowHost>
  );
  return standalone ? tree : createPortal(tree, document.body);
}

const requestIds = new WeakMap<object, number>();
let nextRequestId = 0;
/**
 * A screen's React key: its name, plus the wallet request it settles, so a new request for the
 * same screen (a second sign or send) mounts a fresh screen instead of reusing the last one's state.
 */
function screenKey(nav: Nav): string {
  const settle = nav.params.wallet?.resolve;
  if (!settle) return nav.screen;
  let id = requestIds.get(settle);
  if (id === undefined) {
    id = ++nextRequestId;
    requestIds.set(settle, id);
  }
  return `${nav.screen}:${id}`;
}

/** The themed root inside the shadow root; adopts the frame and theme stylesheets. */
function Frame({
  themeCss,
  standalone,
  children,
}: {
  themeCss: string;
  standalone: boolean;
  children: ReactNode;
}) {
  useStyleSheet(modalCss);
  useStyleSheet(themeCss);
  return (
    <div className={`lk-root${standalone ? ' lk-root--standalone' : ''}`} data-lk-root="">
      {children}
    </div>
  );
}

/**
 * Rendered after the screen inside its Suspense boundary: focuses its first input once shown.
 * `skipFirst` (standalone) leaves the page's focus alone until the user moves to another screen.
 */
function FocusOnMount({
  target,
  screen,
  skipFirst,
}: {
  target: { current: HTMLElement | null };
  screen: ScreenName;
  skipFirst: boolean;
}) {
  const first = useRef(true);
  // A passive effect: on a cached screen this commits with the card, whose ref is attached
  // only after its children's layout effects.
  useEffect(() => {
    const skip = skipFirst && first.current;
    first.current = false;
    if (!skip && target.current) focusInitial(target.current);
  }, [target, screen, skipFirst]);
  return null;
}

/**
 * Rendered after the screen inside its Suspense boundary: once the screen shows, fetches the
 * code of the screens that usually come next (issue 14 item 2; the registry's list), so it does
 * not compete with the shown screen's own code.
 */
function PreloadLikelyNext({ screen }: { screen: ScreenName }) {
  useEffect(() => preloadLikelyNext(screen), [screen]);
  return null;
}

/**
 * The screen's Suspense fallback. Screen changes are transitions, so it shows only while an
 * opening modal fetches its first screen's code; the frame (overlay, else the standalone card)
 * then carries {@link LOADING_ATTRIBUTE}, which hides it and holds its entry animation, so the
 * modal appears with its first screen rather than as a card with only a spinner (issue 14
 * item 2). A fallback hiding a screen already shown (a screen suspending on its own) leaves the
 * frame alone.
 */
function Loading({ label }: { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const card = ref.current?.closest<HTMLElement>('.lk-card');
    if (!card || card.querySelector('.lk-screen')) return;
    const frame = card.closest<HTMLElement>('.lk-overlay') ?? card;
    frame.setAttribute(LOADING_ATTRIBUTE, '');
    return () => frame.removeAttribute(LOADING_ATTRIBUTE);
  }, []);
  return (
    <div ref={ref} className="lk-loading" role="status" aria-label={label}>
      <span className="lk-spinner" />
    </div>
  );
}
