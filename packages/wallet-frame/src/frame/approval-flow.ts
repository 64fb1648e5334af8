import type { Address } from 'viem';
import type { RequestDescription } from '../custody/describe.ts';
import { CustodyError } from '../custody/errors.ts';
import {
  type ApproveView,
  type ApproveViewOptions,
  BUTTON_TEXT_MAX,
  mountApproveView,
} from './approve-view.ts';
import { type ClickGuard, type ClickGuardOptions, createClickGuard } from './click-guard.ts';
import { openFrameKey } from './frame-key.ts';
import type { FrameHandler } from './router.ts';
import {
  createCustody,
  type Session,
  shareApiFor,
  WALLET_NOT_ON_DEVICE_MESSAGE,
  type WalletHandlersParameters,
} from './wallet-handlers.ts';

/** Options of {@link createApprovalFlow} beyond the view's. */
export interface ApprovalFlowOptions extends ApproveViewOptions {
  /** Overrides of the click guard (tests: a fake IntersectionObserver, the arm time). */
  guard?: Partial<
    Pick<ClickGuardOptions, 'IntersectionObserver' | 'hasVisibilityV2' | 'armMs' | 'now'>
  >;
}

/**
 * What one chain's approval handler gives the flow once it has checked and described a request
 * (see {@link ApprovalFlow.handler}).
 */
export interface ApprovalPlan<T> {
  /** The wallet's address as the device store and the share API know it (EIP-55 or base58). */
  address: string;
  /** What the page draws (`describeRequest` or `describeSolanaRequest`). */
  description: RequestDescription;
  /** The button's label when the host's `buttonText` is absent or refused (the locale's). */
  defaultLabel: string;
  /**
   * A check run before the request is drawn (the wallet policy's, Ethereum only); throwing
   * refuses the request without a click. Default: none.
   */
  check?: () => Promise<void>;
  /** Exercises the signing code on a throwaway key while the button arms (speed only). */
  warmUp?: () => Promise<void>;
  /**
   * Rebuilds the key from this device's share and the auth share, signs and zeroes the key.
   * Called once, after the approved click. The flow zeroes the shares afterwards too.
   */
  sign(session: Session): Promise<T>;
}

/** The approval page's shared machinery, one per page. */
export interface ApprovalFlow {
  /** The page's view (mounted by {@link createApprovalFlow}). */
  readonly view: ApproveView;
  /**
   * A handler of one approval event. `prepare` checks the request data (after the access
   * token was checked: `auth`) and describes it; it throws a CustodyError to refuse it.
   */
  handler<T>(
    prepare: (
      data: Record<string, unknown>,
      auth: { token: string; userId: string },
    ) => ApprovalPlan<T>,
  ): FrameHandler;
}

const invalid = (message: string) => new CustodyError('invalid_request_arguments', message);

/**
 * The button's label: the host's `buttonText` when it is a short one-line string (at most
 * {@link BUTTON_TEXT_MAX} characters, no line break), trimmed; else `fallback`.
 */
export function buttonLabelOf(value: unknown, fallback: string): string {
  if (
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= BUTTON_TEXT_MAX &&
    !/[\n\r]/.test(value)
  ) {
    return value.trim();
  }
  return fallback;
}

/** Rethrows `error` after zeroing the shares `loading` brings, if it brings them. */
function discard(loading: Promise<Session>) {
  return (error: unknown): never => {
    loading.then(
      (session) => {
        session.device.fill(0);
        session.auth.fill(0);
      },
      () => undefined,
    );
    throw error;
  };
}

/**
 * The approval page's flow (`/apps/{appId}/embedded-wallets/approve`; issue 24 items 1 and 2,
 * issue 22 item 2), shared by its Ethereum and Solana handlers. It mounts the view (theme and
 * locale from the URL) and gives handlers that, for the page's ONE request (a second one, of
 * either chain, is refused `invalid_request_arguments`):
 *
 * 1. check the access token (`createCustody().authorize`), then run the chain's `prepare`
 *    (request checks and description; `invalid_request_arguments` for a malformed request);
 * 2. check that this device holds the wallet's share (`wallet_not_on_device`, before any share
 *    request), run the plan's `check` (a refusal is answered before any click) and start
 *    loading the device session (this device's share and the auth share, with the frame's DPoP
 *    key: an MFA user without a fresh verification is refused `missing_or_invalid_mfa` by the
 *    server), so the click does not wait for the network;
 * 3. draw the request and the button (the host's `buttonText` within its limits, else the
 *    plan's default label);
 * 4. wait for a click the click guard accepts (trusted, on the button, the page visible and
 *    unobscured for `APPROVAL_ARM_MS`); refused clicks show a note and sign nothing;
 * 5. sign with the plan (the key is rebuilt only now), zero the shares, answer the plan's
 *    result while the page shows 'Signing…' then 'Signed'.
 *
 * Errors are shown in the page and answered (CustodyErrors keep their type; others `error`).
 * The answer waits for the user: the host's timeout (10 min) bounds it.
 */
export function createApprovalFlow(
  doc: Document,
  win: Window,
  base: WalletHandlersParameters,
  options: ApprovalFlowOptions = {},
): ApprovalFlow {
  const view: ApproveView = mountApproveView(doc, options);
  const key = base.key ?? openFrameKey(base.appId, win.indexedDB);
  const api = base.api ?? shareApiFor(base, key);
  const core = createCustody(base, api);
  let used = false;
  let guard: ClickGuard | null = null;

  /** Resolves on the first click the guard accepts; refused ones show the note. */
  const approval = () =>
    new Promise<void>((resolve) => {
      guard = createClickGuard({
        ...options.guard,
        observed: view.root,
        button: view.button,
        win,
        doc,
        onChange: (armed) => {
          view.setArmed(armed);
          if (armed) view.clearRefusal();
        },
      });
      const onClick = (event: MouseEvent) => {
        const verdict = guard!.check(event);
        if (!verdict.ok) {
          view.root.setAttribute('data-refused', verdict.reason);
          // A script's event is not the user's: no note for it (the user did nothing).
          if (verdict.reason !== 'untrusted') view.refuse();
          return;
        }
        view.root.removeAttribute('data-refused');
        view.button.removeEventListener('click', onClick);
        guard!.dispose();
        resolve();
      };
      view.button.addEventListener('click', onClick);
    });

  return {
    view,
    handler<T>(
      prepare: (
        data: Record<string, unknown>,
        auth: { token: string; userId: string },
      ) => ApprovalPlan<T>,
    ): FrameHandler {
      return async (input) => {
        if (used) throw invalid('This approval page has already been used');
        used = true;
        try {
          if (typeof input !== 'object' || input === null || Array.isArray(input)) {
            throw invalid('Request data must be an object');
          }
          const data = input as Record<string, unknown>;
          const auth = core.authorize(data);
          const plan = prepare(data, auth);
          const address = plan.address as Address;
          const stored = base.store.get(auth.userId, address);
          if (!stored) {
            throw new CustodyError('wallet_not_on_device', WALLET_NOT_ON_DEVICE_MESSAGE);
          }
          stored.share.fill(0);

          // The check's verdict and the shares are fetched while the user reads, so the click
          // only rebuilds the key and signs. The shares wait in this page's memory (as the
          // hidden frame keeps them); the key itself is rebuilt only after the approved click.
          const check = plan.check?.();
          const loading = core.loadDeviceSession(auth.token, auth.userId, address);
          loading.catch(() => undefined);
          if (check) await check.catch(discard(loading));
          view.show(
            plan.description,
            plan.address,
            buttonLabelOf(data.buttonText, plan.defaultLabel),
          );
          if (plan.warmUp) setTimeout(() => void plan.warmUp!().catch(() => undefined), 0);
          await approval().catch(discard(loading));
          view.signing();

          const session = await loading;
          let result: T;
          try {
            result = await plan.sign(session);
          } finally {
            session.device.fill(0);
            session.auth.fill(0);
          }
          view.signed();
          return result;
        } catch (error) {
          guard?.dispose();
          view.fail(error instanceof CustodyError ? error.message : undefined);
          throw error;
        }
      };
    },
  };
}
