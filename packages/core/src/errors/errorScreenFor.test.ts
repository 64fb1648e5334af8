import { ERROR_STATUS, type ErrorCode } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { SCREEN } from '../screens/screens.ts';
import { LatchkeyError } from './base.ts';
import { errorScreenFor, screenForError } from './errorScreenFor.ts';
import { ApiError, NetworkError, TimeoutError } from './request.ts';

const api = (code: ErrorCode, message = 'Server says no', status = ERROR_STATUS[code]) =>
  new ApiError({ code, status, message });
const ctx = { appName: 'Acme' };

describe('errorScreenFor (spec section 8, "Error screen by code")', () => {
  it.each([
    [
      'client_request_timeout (client)',
      new TimeoutError({ timeoutMs: 20_000 }),
      { title: 'Timed out', detail: 'The request timed out.', cta: { text: 'Try again' } },
    ],
    [
      'client_request_timeout (server)',
      api('client_request_timeout', 'Upstream timed out'),
      { title: 'Timed out', detail: 'Upstream timed out', cta: { text: 'Try again' } },
    ],
    [
      'twilio_verification_failed',
      api('twilio_verification_failed', 'SMS provider failed'),
      { title: 'Something went wrong', detail: 'SMS provider failed', cta: { text: 'Try again' } },
    ],
    [
      'HTTP 422',
      api('invalid_credentials', 'Invalid or expired code'),
      {
        title: 'Something went wrong',
        detail: 'Invalid or expired code',
        cta: { text: 'Try again' },
      },
    ],
    [
      'invalid_captcha',
      api('invalid_captcha'),
      {
        title: 'Something went wrong',
        detail: 'Please try again.',
        cta: { text: 'Try again' },
        resetsCaptcha: true,
      },
    ],
    [
      'disallowed_login_method',
      api('disallowed_login_method'),
      { title: 'Not allowed', cta: { text: 'Try another method' } },
    ],
    [
      'allowlist_rejected',
      api('allowlist_rejected'),
      {
        title: "You don't have access to this app",
        detail: 'Have you been invited?',
        cta: { text: 'Try another account' },
      },
    ],
    [
      'captcha_failure',
      api('captcha_failure'),
      {
        title: 'Something went wrong',
        detail: 'You did not pass CAPTCHA. Please try again.',
        resetsCaptcha: true,
      },
    ],
    [
      'captcha_timeout',
      api('captcha_timeout'),
      { title: 'Something went wrong!', detail: 'Please try again later.' },
    ],
    [
      'linked_to_another_user',
      api('linked_to_another_user'),
      {
        title: 'Authentication failed',
        detail: 'This account has already been linked to another user.',
      },
    ],
    [
      'not_supported',
      api('not_supported'),
      {
        title: 'This region is not supported',
        detail: 'SMS authentication from this region is not available',
        cta: { text: 'Try another method' },
      },
    ],
    [
      'too_many_requests',
      api('too_many_requests'),
      { title: 'Request failed', detail: 'Too many attempts.', cta: { text: 'Try again later' } },
    ],
    [
      'max_accounts_reached',
      api('max_accounts_reached'),
      {
        title: 'Unable to sign in',
        detail: 'This application has reached its user limit and cannot sign in new users.',
      },
    ],
    [
      'user_does_not_exist',
      api('user_does_not_exist'),
      {
        title: 'Account not found',
        detail: 'Please try logging in again or go to Acme to create an account.',
      },
    ],
    [
      'an internal error',
      api('internal_error'),
      { title: 'Something went wrong', detail: 'Try later' },
    ],
    [
      'a network error',
      new NetworkError({}),
      { title: 'Something went wrong', detail: 'Try later' },
    ],
    [
      'a plain Error',
      new Error('boom'),
      { title: 'Something went wrong', detail: 'Try later', code: 'unknown_error' },
    ],
    [
      'a string',
      'boom',
      { title: 'Something went wrong', detail: 'Try later', cta: { text: 'Try again' } },
    ],
  ])('%s', (_name, error, expected) => {
    expect(errorScreenFor(error, ctx)).toMatchObject(expected);
  });

  it('says after captcha retries ran out to disable adblockers or VPNs', () => {
    expect(
      errorScreenFor(api('captcha_failure'), { ...ctx, captchaRetriesExhausted: true }).detail,
    ).toBe('If you use an adblocker or VPN, try disabling and re-attempting.');
  });

  it('does not reset the captcha for other errors', () => {
    expect(errorScreenFor(api('too_many_requests'), ctx).resetsCaptcha).toBeUndefined();
  });

  it('reads a plain object with a code (not a LatchkeyError)', () => {
    expect(errorScreenFor({ code: 'too_many_requests' }, ctx).title).toBe('Request failed');
  });

  it('uses the allowlist config, with a link CTA (client config, camelCase)', () => {
    expect(
      errorScreenFor(api('allowlist_rejected'), {
        ...ctx,
        allowlistConfig: {
          errorTitle: 'Invite only',
          errorDetail: 'Join the waitlist',
          errorCtaText: 'Join',
          errorCtaLink: 'https://acme.test/waitlist',
        },
      }),
    ).toEqual({
      code: 'allowlist_rejected',
      title: 'Invite only',
      detail: 'Join the waitlist',
      cta: { text: 'Join', href: 'https://acme.test/waitlist' },
    });
  });

  it('uses the allowlist config from the server config (snake_case), defaults for nulls', () => {
    const screen = errorScreenFor(api('allowlist_rejected'), {
      ...ctx,
      allowlistConfig: {
        error_title: 'Closed beta',
        error_detail: null,
        cta_text: null,
        cta_link: null,
      },
    });
    expect(screen).toEqual({
      code: 'allowlist_rejected',
      title: 'Closed beta',
      detail: 'Have you been invited?',
      cta: { text: 'Try another account' },
    });
  });

  it('takes message overrides', () => {
    const screen = errorScreenFor(api('too_many_requests'), {
      ...ctx,
      messages: { tooManyRequestsTitle: 'Doucement', tooManyRequestsCta: 'Plus tard' },
    });
    expect(screen).toMatchObject({
      title: 'Doucement',
      detail: 'Too many attempts.',
      cta: { text: 'Plus tard' },
    });
    expect(
      errorScreenFor(api('user_does_not_exist'), {
        ...ctx,
        messages: { accountNotFoundDetail: 'Va sur {app}' },
      }).detail,
    ).toBe('Va sur Acme');
  });
});

describe('screenForError', () => {
  it.each([
    ['allowlist_rejected', SCREEN.ALLOWLIST_REJECTION_SCREEN],
    ['max_accounts_reached', SCREEN.USER_LIMIT_REACHED_SCREEN],
    ['user_does_not_exist', SCREEN.ACCOUNT_NOT_FOUND_SCREEN],
    ['too_many_requests', SCREEN.ERROR_SCREEN],
  ] as const)('%s -> %s', (code, screen) => {
    expect(screenForError(api(code))).toBe(screen);
  });
  it('sends unknown errors to ERROR_SCREEN', () => {
    expect(screenForError(new LatchkeyError('x'))).toBe(SCREEN.ERROR_SCREEN);
    expect(screenForError(undefined)).toBe(SCREEN.ERROR_SCREEN);
  });
});

describe('errorScreenFor: accounts (issue 6; spec sections 5 and 8)', () => {
  it('cannot_link_more_of_type shows the server message, or the passkey / OAuth text', () => {
    const error = api(
      'cannot_link_more_of_type',
      'User already has an account of type email linked.',
    );
    expect(errorScreenFor(error, ctx).detail).toBe(
      'User already has an account of type email linked.',
    );
    expect(errorScreenFor(error, { ...ctx, method: 'passkey' }).detail).toBe(
      'Cannot link more passkeys to account.',
    );
    expect(errorScreenFor(error, { ...ctx, method: 'oauth' }).detail).toBe(
      'You cannot authorize more than one account for this user.',
    );
  });

  it('missing_or_invalid_mfa on passkey unlink', () => {
    const error = api('missing_or_invalid_mfa');
    expect(errorScreenFor(error, { ...ctx, method: 'passkey' }).detail).toBe(
      'Cannot unlink a passkey enrolled in MFA',
    );
    expect(errorScreenFor(error, ctx).detail).not.toBe('Cannot unlink a passkey enrolled in MFA');
  });

  it.each([
    [
      'cannot_unlink_last_account',
      'This is your only login method. Link another one before removing it.',
    ],
    ['cannot_unlink_embedded_wallet', 'The embedded wallet cannot be unlinked.'],
    ['account_not_linked', 'This account is not linked to your user.'],
    ['email_required_to_update', 'User is required to have an email address to update it.'],
  ] as const)('%s', (code, detail) => {
    const screen = errorScreenFor(api(code), ctx);
    expect(screen).toMatchObject({ code, detail });
    expect(screen.title).not.toBe('');
    expect(screenForError(api(code))).toBe(SCREEN.ERROR_SCREEN);
  });

  it('texts stay overridable', () => {
    expect(
      errorScreenFor(api('cannot_unlink_last_account'), {
        ...ctx,
        messages: { cannotUnlinkLastAccountDetail: 'Nope' },
      }).detail,
    ).toBe('Nope');
  });

  it.each([
    [
      'max_accounts_reached',
      'Unable to sign in',
      'This application has reached its user limit and cannot sign in new users.',
      SCREEN.USER_LIMIT_REACHED_SCREEN,
    ],
    [
      'user_does_not_exist',
      'Account not found',
      'Please try logging in again or go to Acme to create an account.',
      SCREEN.ACCOUNT_NOT_FOUND_SCREEN,
    ],
    [
      'linked_to_another_user',
      'Authentication failed',
      'This account has already been linked to another user.',
      SCREEN.ERROR_SCREEN,
    ],
    ['captcha_timeout', 'Something went wrong!', 'Please try again later.', SCREEN.ERROR_SCREEN],
  ] as const)('%s', (code, title, detail, screen) => {
    expect(errorScreenFor(api(code), ctx)).toMatchObject({ title, detail });
    expect(screenForError(api(code))).toBe(screen);
  });

  it('allowlist_rejected takes the configured texts and a CTA link', () => {
    const screen = errorScreenFor(api('allowlist_rejected'), {
      ...ctx,
      allowlistConfig: {
        error_title: 'Invite only',
        error_detail: 'Ask for an invite',
        cta_text: 'Join the waitlist',
        cta_link: 'https://example.com/waitlist',
      },
    });
    expect(screen).toMatchObject({
      title: 'Invite only',
      detail: 'Ask for an invite',
      cta: { text: 'Join the waitlist', href: 'https://example.com/waitlist' },
    });
    expect(screenForError(api('allowlist_rejected'))).toBe(SCREEN.ALLOWLIST_REJECTION_SCREEN);
  });

  it('captcha_failure changes its text once retries run out, and resets the captcha', () => {
    const error = new LatchkeyError('x', { code: 'captcha_failure' });
    expect(errorScreenFor(error, ctx)).toMatchObject({
      detail: 'You did not pass CAPTCHA. Please try again.',
      resetsCaptcha: true,
    });
    expect(errorScreenFor(error, { ...ctx, captchaRetriesExhausted: true }).detail).toBe(
      'If you use an adblocker or VPN, try disabling and re-attempting.',
    );
  });
});
