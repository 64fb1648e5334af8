import { SCREEN, type ScreenName } from '../../screens/screens.ts';

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
