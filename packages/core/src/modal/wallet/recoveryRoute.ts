import { SCREEN, type ScreenName } from '../../screens/screens.ts';
import type { AuthenticateResult } from '../../session/user.ts';
import type { WalletParamsOf, WalletPromptParams } from './requests.ts';

/**
 * Where recovery continues (spec section 4, "Recovery choice"): several methods ->
 * RECOVERY_SELECTION; user-passcode -> the password screen; google-drive / icloud -> the OAuth
 * recovery screen; anything else is an error (null).
 */
export function recoveryScreenFor(methods: readonly string[]): ScreenName | null {
  if (methods.length > 1) return SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN;
  switch (methods[0]) {
    case 'user-passcode':
      return SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN;
    case 'google-drive':
    case 'icloud':
      return SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN;
    default:
      return null;
  }
}

/** The user-owned recovery methods (spec section 3, `userOwnedRecoveryOptions`). */
const USER_OWNED = ['user-passcode', 'google-drive', 'icloud'];

/**
 * The backup methods offered from the app's `userOwnedRecoveryOptions` (spec section 3): the
 * known ones in the app's order, once each; `['user-passcode']` when none is left (the password
 * flow, as before cloud recovery).
 */
export function offeredRecoveryMethods(options: readonly string[]): string[] {
  const methods = USER_OWNED.filter((m) => options.includes(m)).sort(
    (a, b) => options.indexOf(a) - options.indexOf(b),
  );
  return methods.length > 0 ? methods : ['user-passcode'];
}

/** A wallet screen to open and its request (without the settle callbacks). */
export interface RecoveryPrompt {
  screen: ScreenName;
  params: WalletPromptParams;
}

type RecoveryRequest =
  | Omit<WalletParamsOf<'recover'>, 'resolve' | 'reject'>
  | Omit<WalletParamsOf<'set-recovery'>, 'resolve' | 'reject'>;

/**
 * Where a method picked on EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN continues (spec section 4,
 * "Recovery choice"; issue 23). Recovery (`kind: 'recover'`): {@link recoveryScreenFor}. A backup
 * (`kind: 'set-recovery'`): google-drive / icloud -> RECOVERY_OAUTH with that provider; the
 * password -> the password flow: `create` creates the wallet with it (PASSWORD_CREATE, mode
 * 'create'), `set` moves the wallet to it (PASSWORD_UPDATE, mode 'update') or, when the wallet
 * already has one (`walletRecoveryMethod` 'user-passcode'), changes it (PASSWORD_CREATE, mode
 * 'set').
 *
 * @returns the screen and its request (the caller keeps its settle callbacks), or null for a
 *   method that is none of these (an error, spec section 4).
 */
export function recoveryChoice(
  method: string,
  request: RecoveryRequest,
  walletRecoveryMethod?: string | null,
): RecoveryPrompt | null {
  const screen = recoveryScreenFor([method]);
  if (!screen) return null;
  if (request.kind === 'recover') {
    return { screen, params: { ...request, methods: [method] } };
  }
  if (screen === SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN) {
    return { screen, params: { ...request, methods: [method] } };
  }
  if (request.action === 'create') {
    return {
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
      params: passwordRequest('create', request.automatic, request.login),
    };
  }
  return walletRecoveryMethod === 'user-passcode'
    ? {
        screen: SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
        params: passwordRequest('set', false),
      }
    : {
        screen: SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN,
        params: passwordRequest('update', false),
      };
}

function passwordRequest(
  mode: 'create' | 'set' | 'update',
  automatic: boolean,
  login?: AuthenticateResult,
): WalletPromptParams {
  return { kind: 'set-password', automatic, mode, ...(login ? { login } : {}) };
}

/**
 * Where wallet creation goes with `requireUserOwnedRecoveryOnCreate` (spec sections 3 and 4;
 * issue 23): several offered methods -> RECOVERY_SELECTION; one cloud method -> RECOVERY_OAUTH
 * with `create`; only the password (or none offered) -> the password flow creating the wallet.
 * Started by the app (`automatic`).
 */
export function createRecoveryPrompt(
  options: readonly string[],
  login?: AuthenticateResult,
): RecoveryPrompt {
  const methods = offeredRecoveryMethods(options);
  const request: RecoveryRequest = {
    kind: 'set-recovery',
    action: 'create',
    methods,
    automatic: true,
    ...(login ? { login } : {}),
  };
  if (methods.length > 1) {
    return { screen: SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN, params: request };
  }
  return recoveryChoice(methods[0]!, request)!;
}

/**
 * Where `useSetWalletRecovery().setWalletRecovery(options)` goes (issue 23): no method -> the
 * app's offered methods (RECOVERY_SELECTION when several, else that method's screen); a cloud
 * method -> RECOVERY_OAUTH with `set`; 'user-passcode' -> as `setWalletPassword()`: the update
 * splash for a wallet on automatic recovery ('latchkey'), the change flow for a wallet that has
 * a password, the update flow otherwise (a cloud-backed wallet).
 *
 * @param options - The app's `userOwnedRecoveryOptions`.
 * @param walletRecoveryMethod - The wallet's current recovery method.
 * @param recoveryMethod - The method the app asks for, if any.
 * @throws Error for a `recoveryMethod` that is not a user-owned one.
 */
export function setRecoveryPrompt(
  options: readonly string[],
  walletRecoveryMethod: string | null | undefined,
  recoveryMethod?: string,
): RecoveryPrompt {
  if (recoveryMethod !== undefined && !USER_OWNED.includes(recoveryMethod)) {
    throw new Error(`Unknown recovery method: ${recoveryMethod}`);
  }
  const methods = recoveryMethod ? [recoveryMethod] : offeredRecoveryMethods(options);
  const request: RecoveryRequest = {
    kind: 'set-recovery',
    action: 'set',
    methods,
    automatic: false,
  };
  if (methods.length > 1) {
    return { screen: SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN, params: request };
  }
  if (methods[0] === 'user-passcode' && (walletRecoveryMethod ?? 'latchkey') === 'latchkey') {
    return {
      screen: SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN,
      params: passwordRequest('update', false),
    };
  }
  return recoveryChoice(methods[0]!, request, walletRecoveryMethod)!;
}

/**
 * The screen a cloud recovery redirect comes back to (issue 23, the redirect fallback):
 * RECOVERY_OAUTH with the pending flow's action and provider and the provider's `oauthReturn`,
 * so the frame finishes the flow it kept. `recover` is a recovery request; `create` and `set` a
 * backup request (`create` automatic, as the creation that started it).
 */
export function cloudReturnPrompt(returned: {
  action: 'create' | 'recover' | 'set';
  provider: string;
  oauthReturn: { code: string; state: string };
}): RecoveryPrompt {
  const { action, provider, oauthReturn } = returned;
  return {
    screen: SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
    params:
      action === 'recover'
        ? { kind: 'recover', methods: [provider], oauthReturn }
        : {
            kind: 'set-recovery',
            action,
            methods: [provider],
            automatic: action === 'create',
            oauthReturn,
          },
  };
}
