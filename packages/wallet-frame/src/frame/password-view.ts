import { elementMaker, secretField } from './dom.ts';
import {
  generatePassword,
  passwordConfirmationError,
  passwordError,
  passwordStrength,
  type PasswordStrengthLabel,
  recoveryFileName,
} from '@latchkey/api';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import en from './locales/en.ts';
import { fill, type FrameLocale, localizeFrame } from './locales/index.ts';
import { applyFrameTheme, type FrameTheme, frameThemeFromSearch } from './theme.ts';

/** What the password page is asked to do (`latchkey:wallet:password` `action`). */
export type PasswordAction = 'create' | 'recover' | 'set' | 'change';

/**
 * English texts of the in-frame password page (spec section 2, password flow; section 5,
 * "Password"; section 8 for the recovery errors). The page shows its locale's catalogue
 * (`locales/<lc>.ts` `password` and `common`; issue 14 item 12). The host screen keeps its own
 * title and description above the frame; these are the inputs, buttons and step texts.
 */
export const PASSWORD_TEXTS = {
  ...en.password,
  copy: en.common.copy,
  copied: en.common.copied,
} as const;

/** Copy feedback and download-URL lifetimes (spec section 9). */
export const PASSWORD_COPY_FEEDBACK_MS = 1500;
export const PASSWORD_DOWNLOAD_URL_TTL_MS = 5000;

/** The steps of the create/set/change flow (spec section 4, "Password flow"), then the outcome. */
export type PasswordStep =
  'creating' | 'saving' | 'confirming' | 'finalizing' | 'submitting' | 'done' | 'failed';
const FLOW: PasswordStep[] = ['creating', 'saving', 'confirming', 'finalizing'];

/** Options of {@link mountPasswordView}. */
export interface PasswordViewOptions {
  /** The modal's theme. Default: read from `doc.location.search` (same parameters as export). */
  theme?: FrameTheme;
  /** The frame's clipboard (Copy); the host iframe must allow `clipboard-write`. */
  clipboard?: { writeText(text: string): Promise<void> };
  /** App name for the downloaded file's name. Default: the page URL's `app_name` parameter. */
  appName?: string;
  /** Draws a blob as a download (default: a blob URL anchor in this document). Tests. */
  download?: (fileName: string, text: string) => void;
  /**
   * The page's locale. Default: the URL's `locale` tag, else the browser's languages, else
   * `en` (`locales/index.ts`). Only picks a built-in catalogue; no text comes from the host.
   */
  locale?: FrameLocale;
}

/** The error shapes the page tells apart (a CustodyError as thrown by the wallet handlers). */
interface SubmitError {
  type?: unknown;
  message?: unknown;
  /** When the handler reports it: the time the next attempt is allowed (epoch ms or ISO date). */
  retryAt?: unknown;
  /** Or the seconds to wait. */
  retryAfterSeconds?: unknown;
}

/** The password page's DOM (vanilla, classes only: the frame's CSP forbids inline styles). */
export interface PasswordView {
  /**
   * Draws the inputs of `action` and waits for the user. `submit(password)` runs only from a
   * trusted event in this frame (`event.isTrusted`: a real click, or Enter in the input) on the
   * last step ('Set Password', or 'Recover wallet'). Resolves once `submit` succeeded. For
   * `recover`, a wrong password (`invalid_recovery_pin` / `invalid_request_arguments`) shows
   * 'Invalid recovery password, please try again.' and waits for another try; every other
   * failure (e.g. `recovery_attempts_exceeded`, shown with its retry time when known) ends the
   * page's request: the promise rejects with that error, the page keeps showing the state.
   * Called once per page.
   */
  start(action: PasswordAction, submit: (password: string) => Promise<void>): Promise<void>;
  /** The current step or state (`data-state` on the root), for tests. */
  state(): string;
  /**
   * The page's content (`main.lk-pwf`): its height (CSS px; 0 until {@link PasswordView.start}
   * draws a step) is what the parent sizes the frame to (`resize.ts`, issue 14).
   */
  readonly root: HTMLElement;
}

const WRONG_PASSWORD_TYPES = new Set(['invalid_recovery_pin', 'invalid_request_arguments']);

/**
 * The time of a retry in `locale` (`Intl.DateTimeFormat`, hour and minute: '14:05' in `de`,
 * '2:05 PM' in `en`), or null when the error carries none.
 */
function retryTimeOf(error: SubmitError, now: number, locale: string): string | null {
  let at: number | null = null;
  if (typeof error.retryAt === 'number') at = error.retryAt;
  else if (typeof error.retryAt === 'string' && !Number.isNaN(Date.parse(error.retryAt)))
    at = Date.parse(error.retryAt);
  else if (typeof error.retryAfterSeconds === 'number')
    at = now + Math.max(0, error.retryAfterSeconds) * 1000;
  if (at === null || !Number.isFinite(at)) return null;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Downloads `text` as a .txt file from this frame; the URL is released after 5 s. */
function downloadFromFrame(doc: Document, fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), PASSWORD_DOWNLOAD_URL_TTL_MS);
}

/**
 * Builds the password page into `doc.body` (issue 24 item 4: the recovery password is typed
 * only here, on the API origin; the host page never sees it). Nothing is drawn until
 * {@link PasswordView.start}.
 *
 * - `create` / `set` / `change`: the four steps of spec section 2: 1 password with strength
 *   meter (Weak / Medium / Strong), show/hide toggle, 'Generate a password' (4 BIP-39 words) and
 *   the rules of spec section 5 under the input; 2 the password with Copy (1500 ms 'Copied') and
 *   Download (`{app}-latchkey-wallet-recovery.txt`); 3 confirmation ('Passwords do not match');
 *   4 the acknowledgement checkbox and 'Set Password'. Back reverses.
 * - `recover`: one password input and 'Recover wallet'; wrong passwords may be retried.
 */
export function mountPasswordView(doc: Document, options: PasswordViewOptions = {}): PasswordView {
  const search = doc.location?.search ?? '';
  applyFrameTheme(doc, options.theme ?? frameThemeFromSearch(search));
  const appName = options.appName ?? new URLSearchParams(search).get('app_name') ?? '';
  const download =
    options.download ?? ((name: string, text: string) => downloadFromFrame(doc, name, text));
  const { locale, messages } = localizeFrame(doc, options.locale);
  const T = { ...messages.password, copy: messages.common.copy, copied: messages.common.copied };
  const count = new Intl.NumberFormat(locale);
  const STRENGTH: Record<PasswordStrengthLabel, string> = {
    Weak: T.strengthWeak,
    Medium: T.strengthMedium,
    Strong: T.strengthStrong,
  };
  /** `passwordError`'s English rule message (spec section 5) in the page's locale. */
  const ruleError = (value: string): string | null => {
    const error = passwordError(value);
    if (error === null) return null;
    const invalid = /^Invalid characters used \( (.*) \)$/.exec(error);
    if (invalid) return fill(T.invalidCharacters, { characters: invalid[1]! });
    return error === 'Password must be at least 6 characters' ? T.tooShort : error;
  };
  let uid = 0;

  const el = elementMaker(doc);
  const button = (text: string, variant: 'primary' | 'secondary' | 'link', testId: string) => {
    const node = el('button', `lk-pwf__button lk-pwf__button--${variant}`, text);
    node.type = 'button';
    node.setAttribute('data-testid', testId);
    return node;
  };

  /** A labelled password field with a show/hide toggle and a message line under it. */
  const field = (label: string, testId: string, autocomplete: AutoFill) => {
    const id = `lk-pwf-${++uid}`;
    const testIds = { input: testId, toggle: `${testId}-toggle`, message: `${testId}-message` };
    return secretField(doc, { label, id, autocomplete, testIds, show: T.show, hide: T.hide });
  };

  const main = el('main', 'lk-pwf');
  main.setAttribute('data-state', 'waiting');
  // A document needs a level-one heading (axe page-has-heading-one; inside the landmark, axe
  // region); the step titles are h2.
  main.append(el('h1', 'lk-visually-hidden', T.pageTitle));
  doc.body.append(main);
  const setState = (state: string) => main.setAttribute('data-state', state);
  let started = false;

  function startFlow(submit: (password: string) => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      let step: PasswordStep = 'creating';
      let password = '';
      let confirmation = '';
      let acknowledged = false;
      let copyTimer: ReturnType<typeof setTimeout> | undefined;

      const stepLabel = el('p', 'lk-pwf__step');
      const heading = el('h2', 'lk-pwf__title');
      const detail = el('p', 'lk-pwf__detail');
      const back = button(T.back, 'link', 'password-back');
      const header = el('div', 'lk-pwf__header');
      header.append(back, stepLabel);
      const body = el('form', 'lk-pwf__body');
      body.noValidate = true;
      main.append(header, heading, detail, body);

      // Step 1: password, strength, generate.
      const first = field(T.passwordLabel, 'password-input', 'new-password');
      const strength = el('div', 'lk-pwf__strength');
      const meter = el('span', 'lk-pwf__meter');
      meter.setAttribute('role', 'meter');
      meter.setAttribute('aria-valuemin', '0');
      meter.setAttribute('aria-valuemax', '1');
      const bar = el('span', 'lk-pwf__bar');
      meter.append(bar);
      const strengthLabel = el('span', 'lk-pwf__strength-label');
      strengthLabel.setAttribute('data-testid', 'password-strength');
      strength.append(meter, strengthLabel);
      const generate = button(T.generate, 'secondary', 'password-generate');
      // Step 2: the password, Copy and Download.
      const saved = el('output', 'lk-pwf__saved');
      saved.setAttribute('data-testid', 'password-saved');
      const copy = button(T.copy, 'secondary', 'password-copy');
      const save = button(T.download, 'secondary', 'password-download');
      const savedActions = el('div', 'lk-pwf__row');
      savedActions.append(copy, save);
      // Step 3: confirmation.
      const second = field(T.confirmLabel, 'password-confirm', 'new-password');
      // Step 4: acknowledgement and submit.
      const ack = el('label', 'lk-pwf__ack');
      const box = el('input', 'lk-pwf__check');
      box.type = 'checkbox';
      box.setAttribute('data-testid', 'password-ack');
      ack.append(box, el('span', '', T.acknowledgement));
      const failure = el('p', 'lk-pwf__failure');
      failure.setAttribute('role', 'alert');
      failure.setAttribute('data-testid', 'password-failure');
      const next = button(T.continue, 'primary', 'password-continue');
      next.type = 'submit';
      // The step's button, kept in view when the frame is shorter than the page (frame.css).
      const submitRow = el('div', 'lk-pwf__submit');
      submitRow.append(next);

      const strengthOf = () => {
        const { value, label } = passwordStrength(password);
        strength.setAttribute('data-label', label);
        strength.setAttribute('data-value', value.toFixed(3));
        meter.setAttribute('aria-valuenow', value.toFixed(3));
        const text = fill(T.strength, { label: STRENGTH[label] });
        meter.setAttribute('aria-label', text);
        strengthLabel.textContent = text;
        // Through the CSSOM, which the page's CSP allows (no inline style markup).
        bar.style.setProperty('width', `${Math.max(4, Math.round(value * 100))}%`);
      };

      const canContinue = () => {
        switch (step) {
          case 'creating':
            return password !== '' && passwordError(password) === null;
          case 'saving':
            return true;
          case 'confirming':
            return (
              confirmation !== '' && passwordConfirmationError(password, confirmation) === null
            );
          case 'finalizing':
            return acknowledged;
          default:
            return false;
        }
      };

      const draw = () => {
        setState(step);
        const index = FLOW.indexOf(step);
        stepLabel.textContent =
          index >= 0
            ? fill(T.step, { step: count.format(index + 1), total: count.format(FLOW.length) })
            : '';
        back.hidden = index <= 0;
        body.replaceChildren();
        heading.hidden = detail.hidden = true;
        const titled = (title: string, text?: string) => {
          heading.textContent = title;
          heading.hidden = false;
          detail.textContent = text ?? '';
          detail.hidden = !text;
        };
        switch (step) {
          case 'creating':
            body.append(first.wrap, strength, generate, submitRow);
            next.textContent = T.continue;
            strengthOf();
            break;
          case 'saving':
            titled(T.saveTitle, T.saveDetail);
            saved.textContent = password;
            body.append(saved, savedActions, submitRow);
            next.textContent = T.continue;
            break;
          case 'confirming':
            titled(T.confirmTitle, T.confirmDetail);
            body.append(second.wrap, submitRow);
            next.textContent = T.continue;
            break;
          case 'finalizing':
          case 'submitting':
            titled(T.finalizeTitle);
            box.disabled = step === 'submitting';
            back.hidden = step === 'submitting';
            body.append(ack, submitRow);
            next.textContent = step === 'submitting' ? T.settingPassword : T.setPassword;
            next.setAttribute('data-testid', 'password-submit');
            break;
          case 'done':
            stepLabel.textContent = '';
            failure.textContent = '';
            body.append(el('p', 'lk-pwf__done', T.done));
            break;
          case 'failed':
            stepLabel.textContent = '';
            body.append(failure);
            break;
        }
        if (step !== 'finalizing' && step !== 'submitting')
          next.setAttribute('data-testid', 'password-continue');
        next.disabled = !canContinue();
      };

      const go = (to: PasswordStep) => {
        step = to;
        draw();
        const focus = { creating: first.input, confirming: second.input, finalizing: box }[
          to as 'creating'
        ];
        focus?.focus({ preventScroll: true });
      };

      first.input.addEventListener('input', () => {
        password = first.input.value;
        first.setError(password === '' ? null : ruleError(password));
        // A new password must be confirmed and acknowledged again.
        confirmation = second.input.value = '';
        acknowledged = box.checked = false;
        strengthOf();
        next.disabled = !canContinue();
      });
      second.input.addEventListener('input', () => {
        confirmation = second.input.value;
        second.setError(
          confirmation === '' || passwordConfirmationError(password, confirmation) === null
            ? null
            : T.mismatch,
        );
        next.disabled = !canContinue();
      });
      box.addEventListener('change', () => {
        acknowledged = box.checked;
        next.disabled = !canContinue();
      });
      generate.addEventListener('click', () => {
        first.input.value = generatePassword(wordlist);
        first.input.dispatchEvent(new Event('input'));
      });
      copy.addEventListener('click', () => {
        const done = () => {
          copy.textContent = T.copied;
          clearTimeout(copyTimer);
          copyTimer = setTimeout(() => (copy.textContent = T.copy), PASSWORD_COPY_FEEDBACK_MS);
        };
        const select = () => {
          const range = doc.createRange();
          range.selectNodeContents(saved);
          doc.getSelection()?.removeAllRanges();
          doc.getSelection()?.addRange(range);
        };
        if (options.clipboard) options.clipboard.writeText(password).then(done, select);
        else select();
      });
      save.addEventListener('click', () => download(recoveryFileName(appName), password));
      back.addEventListener('click', () => {
        const index = FLOW.indexOf(step);
        if (index <= 0 || step === 'submitting') return;
        go(FLOW[index - 1]!);
      });

      // Continue on every step, Enter in an input, and 'Set Password' on the last one.
      const advance = (event: Event) => {
        event.preventDefault();
        if (!canContinue()) return;
        if (step !== 'finalizing') {
          go(FLOW[FLOW.indexOf(step) + 1]!);
          return;
        }
        // The custody change runs only on a real gesture in this frame (issue 24 item 4).
        if (!event.isTrusted) return;
        go('submitting');
        submit(password).then(
          () => {
            password = confirmation = '';
            first.input.value = second.input.value = '';
            saved.textContent = '';
            go('done');
            resolve();
          },
          (error: unknown) => {
            password = confirmation = '';
            first.input.value = second.input.value = '';
            saved.textContent = '';
            failure.textContent = T.failed;
            go('failed');
            reject(error);
          },
        );
      };
      body.addEventListener('submit', advance);
      draw();
      first.input.focus({ preventScroll: true });
    });
  }

  function startRecover(submit: (password: string) => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      const form = el('form', 'lk-pwf__body');
      form.noValidate = true;
      const input = field(T.passwordLabel, 'password-input', 'current-password');
      const go = button(T.recover, 'primary', 'password-submit');
      go.type = 'submit';
      go.disabled = true;
      const notice = el('div', 'lk-pwf__notice');
      notice.setAttribute('role', 'alert');
      notice.setAttribute('data-testid', 'password-failure');
      notice.hidden = true;
      // The button stays in view when the frame is shorter than the page (frame.css).
      const submitRow = el('div', 'lk-pwf__submit');
      submitRow.append(go);
      form.append(input.wrap, submitRow, notice);
      main.append(form);
      setState('recovering');
      let busy = false;
      let over = false;
      input.input.addEventListener('input', () => {
        input.setError(null);
        go.disabled = over || busy || input.input.value === '';
      });
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        // Only a real click or Enter in this frame tries a password (issue 24 item 4).
        if (!event.isTrusted || busy || over || input.input.value === '') return;
        busy = true;
        go.disabled = true;
        input.input.disabled = true;
        go.textContent = T.recovering;
        setState('submitting');
        const password = input.input.value;
        submit(password).then(
          () => {
            over = true;
            input.input.value = '';
            go.textContent = T.recover;
            form.replaceChildren(el('p', 'lk-pwf__done', T.recovered));
            setState('done');
            resolve();
          },
          (thrown: unknown) => {
            busy = false;
            const error = (thrown ?? {}) as SubmitError;
            input.input.disabled = false;
            input.input.value = '';
            go.textContent = T.recover;
            if (typeof error.type === 'string' && WRONG_PASSWORD_TYPES.has(error.type)) {
              input.setError(T.invalidPassword);
              go.disabled = true;
              setState('invalid');
              input.input.focus({ preventScroll: true });
              return;
            }
            over = true;
            go.disabled = true;
            input.input.disabled = true;
            // The notice takes the inputs' place (the frame then reports its new height).
            form.replaceChildren(notice);
            notice.replaceChildren();
            if (error.type === 'recovery_attempts_exceeded') {
              const time = retryTimeOf(error, Date.now(), locale);
              notice.append(
                el('strong', '', T.attemptsExceeded),
                ' ',
                time ? fill(T.retryAt, { time }) : T.retryLater,
              );
              setState('locked');
            } else {
              notice.textContent = T.unableToRecover;
              setState('failed');
            }
            notice.hidden = false;
            reject(thrown);
          },
        );
      });
      input.input.focus({ preventScroll: true });
    });
  }

  return {
    root: main,
    start(action, submit) {
      if (started) return Promise.reject(new Error('The password page has already started'));
      started = true;
      main.setAttribute('data-action', action);
      return action === 'recover' ? startRecover(submit) : startFlow(submit);
    },
    state: () => main.getAttribute('data-state') ?? '',
  };
}
