import type { CloudRecoveryMethod } from '@latchkey/api';
import { elementMaker } from './dom.ts';
import en from './locales/en.ts';
import { fill, type FrameLocale, type FrameMessages, localizeFrame } from './locales/index.ts';
import { applyFrameTheme, type FrameTheme, frameThemeFromSearch } from './theme.ts';

/** What the cloud page is asked to do (`latchkey:wallet:cloud` `action`). */
export type CloudAction = 'create' | 'recover' | 'set';

/** English texts of the cloud recovery page (`locales/<lc>.ts` `cloud`; spec section 8). */
export const CLOUD_TEXTS = en.cloud;

/** The providers' names as their owners write them (not translated). */
export const CLOUD_PROVIDER_NAMES: Readonly<Record<CloudRecoveryMethod, string>> = {
  'google-drive': 'Google Drive',
  icloud: 'iCloud',
};

/**
 * A failure the page shows (`key` of the `cloud` texts): `unsuccessful` is spec section 8's
 * '{Recovery|Back up} with {provider} unsuccessful', with the account hint when `hint`.
 */
export type CloudFailure =
  | 'denied'
  | 'invalidCode'
  | 'unexpected'
  | 'popupBlocked'
  | 'popupClosed'
  | 'timedOut'
  | 'unsuccessful';

/** The page's states (`data-state` on its root). */
export type CloudState =
  'waiting' | 'ready' | 'popup' | 'working' | 'redirecting' | 'failed' | 'done';

/** Options of {@link mountCloudView}. */
export interface CloudViewOptions {
  /** The modal's theme. Default: read from `doc.location.search`. */
  theme?: FrameTheme;
  /** The page's locale. Default: the URL's `locale` tag, else the browser's, else `en`. */
  locale?: FrameLocale;
}

/** The cloud page's DOM (vanilla, classes only: the frame's CSP forbids inline styles). */
export interface CloudView {
  /** The page's content: what the click guard observes and the parent sizes the frame to. */
  readonly root: HTMLElement;
  /** The one button: 'Continue with {provider}', 'Continue', or 'Try again'. */
  readonly button: HTMLButtonElement;
  /** Draws the button for `provider` ('Continue' when a redirect's code waits) and sets `ready`. */
  show(action: CloudAction, provider: CloudRecoveryMethod, returning?: boolean): void;
  /** While the click guard is not armed the button is `aria-disabled` (it stays clickable). */
  setArmed(armed: boolean): void;
  /** The refused-click note (the frame was covered, hidden or just shown). */
  refuse(): void;
  /** The provider's pop-up is open: 'Continue in the {provider} window.' */
  popup(): void;
  /** The custody call or a server call runs: a disabled button. */
  working(): void;
  /** The top window is sent to the provider (a blocked pop-up's redirect). */
  redirecting(): void;
  /**
   * Shows `failure` (the account hint under it when `hint`); with `retry` the button says
   * 'Try again' and is enabled, without it the page is over.
   */
  fail(failure: CloudFailure, options: { hint?: boolean; retry: boolean }): void;
  /** The success line; the button goes. */
  done(): void;
  state(): CloudState;
}

/**
 * Builds the cloud recovery page into `doc.body` (issue 23): a short status line, the alert
 * of the last failure with its hint, and the provider's button. Nothing is drawn until
 * {@link CloudView.show}. The host screen keeps its own title and description above the frame.
 */
export function mountCloudView(doc: Document, options: CloudViewOptions = {}): CloudView {
  applyFrameTheme(doc, options.theme ?? frameThemeFromSearch(doc.location?.search ?? ''));
  const { messages } = localizeFrame(doc, options.locale);
  const T: FrameMessages['cloud'] = messages.cloud;
  const el = elementMaker(doc);

  const root = el('main', 'lk-pwf lk-cloud');
  root.setAttribute('data-state', 'waiting');
  root.append(el('h1', 'lk-visually-hidden', T.pageTitle));
  const status = el('p', 'lk-pwf__done lk-cloud__status');
  status.setAttribute('data-testid', 'cloud-status');
  status.setAttribute('aria-live', 'polite');
  status.hidden = true;
  const alert = el('div', 'lk-pwf__notice lk-cloud__failure');
  alert.setAttribute('role', 'alert');
  alert.setAttribute('data-testid', 'cloud-failure');
  alert.hidden = true;
  const button = el('button', 'lk-pwf__button lk-pwf__button--primary lk-cloud__button');
  button.type = 'button';
  button.setAttribute('data-testid', 'cloud-button');
  root.append(status, alert, button);
  doc.body.append(root);

  let current: CloudState = 'waiting';
  let action: CloudAction = 'create';
  let name = '';
  let idle = '';
  const setState = (state: CloudState) => {
    current = state;
    root.setAttribute('data-state', state);
  };
  const say = (text: string | null) => {
    status.textContent = text ?? '';
    status.hidden = text === null;
  };

  return {
    root,
    button,
    show(what, provider, returning = false) {
      action = what;
      name = CLOUD_PROVIDER_NAMES[provider];
      idle = returning ? T.continueReturn : fill(T.continueWith, { provider: name });
      root.setAttribute('data-action', what);
      root.setAttribute('data-provider', provider);
      button.textContent = idle;
      button.disabled = false;
      button.hidden = false;
      button.setAttribute('aria-disabled', 'true');
      alert.hidden = true;
      say(null);
      setState('ready');
    },
    setArmed(armed) {
      if (armed) button.removeAttribute('aria-disabled');
      else button.setAttribute('aria-disabled', 'true');
    },
    refuse() {
      say(T.refused);
    },
    popup() {
      button.disabled = true;
      alert.hidden = true;
      say(fill(T.waiting, { provider: name }));
      setState('popup');
    },
    working() {
      button.disabled = true;
      alert.hidden = true;
      say(T.working);
      setState('working');
    },
    redirecting() {
      button.disabled = true;
      say(fill(T.redirecting, { provider: name }));
      setState('redirecting');
    },
    fail(failure, { hint = false, retry }) {
      const title =
        failure === 'unsuccessful'
          ? fill(action === 'recover' ? T.recoveryUnsuccessful : T.backupUnsuccessful, {
              provider: name,
            })
          : fill(T[failure], { provider: name });
      alert.replaceChildren(el('strong', '', title));
      if (hint) {
        const line = el('p', 'lk-cloud__hint', fill(T.accountHint, { provider: name }));
        line.setAttribute('data-testid', 'cloud-hint');
        alert.append(line);
      }
      alert.hidden = false;
      say(null);
      button.textContent = T.tryAgain;
      button.disabled = !retry;
      button.hidden = !retry;
      setState('failed');
    },
    done() {
      alert.hidden = true;
      button.hidden = true;
      button.disabled = true;
      say(action === 'recover' ? T.recovered : fill(T.backedUp, { provider: name }));
      setState('done');
    },
    state: () => current,
  };
}
