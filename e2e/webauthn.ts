/**
 * A WebAuthn authenticator for e2e specs: Chromium's virtual authenticator, through the Chrome
 * DevTools protocol's WebAuthn domain (a real protocol peer for passkey sign-up, log-in and
 * linking; no system dialogue in headless Chromium).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** The CDP session that holds the authenticator, and the authenticator's id. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * Enables the WebAuthn domain on `page` and adds a platform authenticator to it: CTAP2,
 * internal transport, resident keys (discoverable passkeys), user verification that succeeds.
 * It holds no credential at first.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}
