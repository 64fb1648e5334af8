import type { MessageOverrides } from '../messages.ts';
import type { LatchkeyTheme } from '../theme/theme.ts';

/** Login methods a host may offer (spec section 3, "Client app config"). Only `email` has a screen in this slice. */
export type LoginMethod =
  | 'email'
  | 'sms'
  | 'google'
  | 'twitter'
  | 'discord'
  | 'github'
  | 'spotify'
  | 'instagram'
  | 'tiktok'
  | 'linkedin'
  | 'apple'
  | 'wallet'
  | 'farcaster'
  | 'passkey'
  | 'telegram';

/**
 * What a host passes as `<LatchkeyProvider config>`; every field is optional and wins over
 * the server's app config (spec section 3, "Client app config").
 */
export interface LatchkeyClientConfig {
  /** App name shown in texts; default the server's `name`. */
  name?: string;
  /** Methods on the landing screen, in order. Default: from the server flags, else `['email']`. */
  loginMethods?: LoginMethod[];
  appearance?: {
    /** Landing title. Default 'Log in or sign up'. */
    landingHeader?: string;
    /** Line under the title; cut to 100 characters (`LOGIN_MESSAGE_MAX_LENGTH`). */
    loginMessage?: string;
    /** Logo URL shown above the title. Default the server's `logo_url`. */
    logo?: string;
    /** Accent colour (any CSS colour). Default the server's `accent_color`. */
    accentColor?: string;
    /**
     * `'light'` (default), `'dark'`, or a full theme from `lightTheme()` / `darkTheme()`.
     * An `accentColor` is applied on top of a named theme.
     */
    theme?: 'light' | 'dark' | LatchkeyTheme;
    /** Alias of `theme` for a named scheme (spec wording: palette colorScheme). */
    colorScheme?: 'light' | 'dark';
  };
  legal?: {
    requireUsersAcceptTerms?: boolean;
    termsAndConditionsUrl?: string | null;
    privacyPolicyUrl?: string | null;
  };
  render?: {
    /**
     * Standalone: the login card is embedded in the page with `<LatchkeyLogin />` (no overlay,
     * no portal, no close button) and `login()` opens no modal.
     */
    standalone?: boolean;
    /** When `false` the modal has no close button and Escape does nothing. Default `true`. */
    closeable?: boolean;
  };
  intl?: { defaultCountry?: string };
  /** Overrides for any user-facing string (core's catalogue and the modal's). */
  messages?: MessageOverrides;
}
