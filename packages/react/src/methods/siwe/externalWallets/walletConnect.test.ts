// @vitest-environment node
/**
 * What can be tested of WalletConnect without its relay (not reachable here): the QR code of a
 * pairing URI (error correction H, 160 px, logo 15 %) and where wallet clicks lead.
 */
import { SCREEN } from '@latchkey/core';
import { toString as qrToString } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { walletDestination } from './openWallet.ts';
import {
  WALLET_CONNECT_QR,
  walletConnectLogoBox,
  walletConnectQrDataUrl,
} from './walletConnect.ts';
import type { WalletOption } from './walletOptions.ts';
import { KNOWN_WALLETS } from '@latchkey/core';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';

describe('WalletConnect QR code (spec section 9)', () => {
  it('is a 160 px PNG with high error correction', async () => {
    const url = await walletConnectQrDataUrl(URI);
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.split(',')[1]!, 'base64');
    expect(png.readUInt32BE(16)).toBe(160); // IHDR width
    expect(png.readUInt32BE(20)).toBe(160); // IHDR height
    expect(WALLET_CONNECT_QR).toEqual({ errorCorrectionLevel: 'H', size: 160, logoRatio: 0.15 });
    // Level H makes a denser code than level L for the same URI.
    const modules = async (level: 'H' | 'L') =>
      (await qrToString(URI, { errorCorrectionLevel: level, type: 'utf8' })).split('\n').length;
    expect(await modules('H')).toBeGreaterThan(await modules('L'));
  });

  it('centres a logo 15 % of the code wide', () => {
    expect(walletConnectLogoBox()).toEqual({ size: 24, offset: 68 });
    expect(walletConnectLogoBox(200)).toEqual({ size: 30, offset: 85 });
  });
});

describe('wallet clicks and WalletConnect', () => {
  const option = (id: keyof typeof KNOWN_WALLETS): WalletOption => ({
    key: id,
    name: KNOWN_WALLETS[id].name,
    icon: null,
    walletClientType: id,
    known: KNOWN_WALLETS[id],
    provider: null,
  });
  const ctx = { mode: 'login' as const, userAgent: 'Chrome', isTrusted: true, isMobile: false };

  it('sends WalletConnect and missing WalletConnect-capable wallets to the QR step when configured', () => {
    expect(walletDestination(option('wallet_connect'), { ...ctx, walletConnect: true })).toEqual({
      screen: SCREEN.AWAITING_CONNECTION,
      params: { walletConnect: true },
    });
    expect(walletDestination(option('rainbow'), { ...ctx, walletConnect: true }).params).toEqual({
      walletConnect: true,
    });
    expect(
      walletDestination(option('rainbow'), { ...ctx, mode: 'connect-only', walletConnect: true })
        .screen,
    ).toBe(SCREEN.AWAITING_CONNECT_ONLY_CONNECTION);
  });

  it('says a wallet is not installed when WalletConnect is not configured', () => {
    expect(walletDestination(option('rainbow'), { ...ctx, walletConnect: false }).screen).toBe(
      SCREEN.LOGIN_FAILED_SCREEN,
    );
    // The WalletConnect entry opens its step anyway (which says it is not configured).
    expect(walletDestination(option('wallet_connect'), { ...ctx, walletConnect: false })).toEqual({
      screen: SCREEN.AWAITING_CONNECTION,
      params: { walletConnect: true },
    });
    // Coinbase Wallet has no WalletConnect app here.
    expect(
      walletDestination(option('coinbase_wallet'), { ...ctx, walletConnect: true }).screen,
    ).toBe(SCREEN.LOGIN_FAILED_SCREEN);
  });
});
