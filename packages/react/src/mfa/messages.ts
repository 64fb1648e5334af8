/**
 * The MFA screens' texts (issue 15; spec sections 4 "MFA enrolment" and "MFA prompt", 5 "MFA
 * code" and 8 "MFA"): the verification prompt and MFA_ENROLLMENT_FLOW_SCREEN. Merged into the
 * modal's catalogue (`../messages.ts`); each locale's are in `./locales/<locale>.ts`. `{method}`
 * is one of the `mfaMethod*` names, `{phone}` a formatted number.
 */
export const mfaMessages = {
  // The prompt (spec section 4, "MFA prompt")
  mfaPromptTitle: 'Verify it’s you',
  mfaTotpPromptDetail: 'Enter the 6-digit code from your authenticator app.',
  mfaSmsPromptDetail: 'Enter the 6-digit code we sent to your phone.',
  mfaPasskeyPromptTitle: 'Verify with your passkey',
  mfaPasskeyPromptDetail: 'Follow your browser’s prompt to use your passkey.',
  mfaCodeLabel: 'Verification code',
  mfaVerify: 'Verify',
  mfaResendCode: 'Resend code',
  mfaCodeSent: 'A new code is on its way.',
  mfaChooseAnother: 'Choose another method',
  mfaChooseTitle: 'Choose a verification method',
  mfaMethodSms: 'SMS',
  mfaMethodTotp: 'Authenticator app',
  mfaMethodPasskey: 'Passkey',
  mfaMethodSmsDetail: 'Get a code by text message',
  mfaMethodTotpDetail: 'Use a code from an app such as Google Authenticator',
  mfaMethodPasskeyDetail: 'Use Face ID, Touch ID or a security key',
  mfaPasskeyRetry: 'Use my passkey',
  // Spec sections 5 and 8
  mfaCodeNotDigits: 'Passcode can only be numbers',
  mfaCodeLength: 'Passcode must be exactly 6 numbers',
  mfaInvalidCode: 'The code you entered is not valid',
  mfaMaxAttempts:
    'You have exceeded the maximum number of attempts. Please close this window and try again later.',
  mfaTimeoutError:
    'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  mfaCanceled: 'Verification canceled',
  mfaUnknownError: 'Something went wrong.',

  // Enrolment (spec section 4, "MFA enrolment")
  mfaEnrollTitle: 'Transaction Protection',
  mfaEnrollDetail:
    'Add a second step that confirms it’s you before your wallet signs, sends or exports its key.',
  mfaNoMethodsTitle: 'Add more security',
  mfaNoMethodsDetail: 'This app has not turned on any verification methods yet.',
  mfaVerifyFirst: 'To add or delete verification methods, verification is required',
  mfaEnabled: 'On',
  mfaAdd: 'Add',
  mfaRemove: 'Remove',
  mfaSmsUnavailable: 'Not available: you log in with SMS',
  mfaSmsEnrollTitle: 'Add SMS verification',
  mfaSmsEnrollDetail: 'We will text a 6-digit code to this number.',
  mfaSendCode: 'Send code',
  mfaSmsVerifyDetail: 'Enter the 6-digit code we sent to {phone}.',
  mfaTotpEnrollTitle: 'Add an authenticator app',
  mfaTotpEnrollDetail:
    'Scan the QR code with your authenticator app, or type the setup key into it.',
  mfaTotpQrAlt: 'QR code for your authenticator app',
  mfaTotpSecretLabel: 'Setup key',
  mfaCopy: 'Copy',
  mfaCopied: 'Copied',
  mfaContinue: 'Continue',
  mfaTotpVerifyTitle: 'Enter the code',
  mfaTotpVerifyDetail: 'Enter the 6-digit code your authenticator app shows now.',
  mfaPasskeyEnrollTitle: 'Verify with a passkey',
  mfaPasskeyEnrollDetail: 'Choose the passkeys that may confirm your wallet actions.',
  mfaPasskeyNone: 'You have no passkey on this account yet.',
  mfaAddPasskey: 'Add new passkey',
  mfaEnable: 'Enable',
  mfaPasskeyEnrollError: 'Could not turn on this passkey. Please try again.',
  mfaAddedTitle: 'Verification added',
  mfaAddedDetail: '{method} now protects your wallet.',
  mfaRemoveTitle: 'Remove {method}?',
  mfaRemoveDetail: 'Your wallet actions will no longer ask for it.',
  mfaRemovedTitle: 'Verification removed',
  mfaRemovedDetail: '{method} no longer protects your wallet.',
} as const;
