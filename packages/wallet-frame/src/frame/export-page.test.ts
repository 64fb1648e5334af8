// @vitest-environment happy-dom
import { ROUTES } from '@latchkey/api';
import { privateKeyToAddress } from 'viem/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { splitEntropy } from '../custody/shares.ts';
import { deriveEvmAddress, generateEntropy } from '../custody/wallet-secret.ts';
import { openDeviceShareStore } from './device-store.ts';
import { sha256Hex, toBase64 } from './encoding.ts';
import {
  applyExportTheme,
  EXPORT_TEXTS,
  exportThemeFromSearch,
  mountExportView,
} from './export-page.ts';
import { API_URL, APP_ID, memoryStorage, token } from './test/fakes.ts';
import { createExportHandler } from './wallet-handlers.ts';

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');

/** A click as a person makes it: the browser marks it trusted (happy-dom has no `isTrusted`). */
function trustedClick(target: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

/** A click made by a script: `isTrusted` false, as browsers mark `click()` and `dispatchEvent`. */
function syntheticClick(target: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: false });
  target.dispatchEvent(event);
}

const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
const flush = () => new Promise((r) => setTimeout(r, 20));

/**
 * A device holding a wallet's device share, and a fake of the auth-share route (issue 10's
 * form: `Authorization: DPoP <token>` plus a `DPoP` proof header) that records every call.
 */
async function deviceWithWallet() {
  const entropy = generateEntropy();
  const address = deriveEvmAddress(entropy);
  const shares = await splitEntropy(entropy);
  const store = openDeviceShareStore(APP_ID, () => memoryStorage());
  store.set('user_1', address, { share: shares.device, authHash: await sha256Hex(shares.auth) });
  const server = {
    calls: [] as { path: string; dpop: boolean }[],
    /** Set false to make the route answer 404 (e.g. the wallet is gone). */
    serving: true,
  };
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    server.calls.push({ path: url.pathname, dpop: Boolean(headers.get('dpop')) });
    const ok =
      server.serving &&
      url.pathname === ROUTES.walletAuthShare &&
      headers.get('authorization') === `DPoP ${T}`;
    return new Response(
      JSON.stringify(ok ? { auth_share: toBase64(shares.auth) } : { error: 'Not found' }),
      { status: ok ? 200 : 404, headers: { 'content-type': 'application/json' } },
    );
  }) as typeof globalThis.fetch;
  return { server, fetch, store, address };
}

/** The export page as app.ts wires it: the view, the handler, a clipboard spy. */
async function exportPage() {
  const { server, fetch, store, address } = await deviceWithWallet();
  const writeText = vi.fn(async (_text: string) => {});
  const view = mountExportView(document, { writeText }, { theme: {} });
  const rendered: string[] = [];
  const handler = createExportHandler({
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch,
    ready: (reveal, walletAddress) => view.arm(reveal, walletAddress),
    render: (privateKey, walletAddress) => {
      rendered.push(privateKey);
      view.showKey(privateKey, walletAddress);
    },
  });
  const shareCalls = () => server.calls;
  return { server, address, writeText, view, handler, rendered, shareCalls };
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

describe('export page', () => {
  it('opens with the warning and a Reveal button; no key, no share request before the click', async () => {
    const page = await exportPage();
    const reveal = $('export-reveal') as HTMLButtonElement;
    const text = document.body.textContent!;
    expect(text).toContain('Never share your private key');
    expect(text).toContain('full control of your wallet and its funds');
    expect(text).toContain('master password of your wallet');
    // Disabled until the host's request arrives.
    expect(reveal.disabled).toBe(true);
    expect(reveal.textContent).toBe(EXPORT_TEXTS.reveal);

    const answer = await page.handler({ accessToken: T, address: page.address }, ORIGIN);
    expect(answer).toEqual({ ready: true });
    await flush();
    expect(reveal.disabled).toBe(false);
    expect(reveal.hidden).toBe(false);
    // Which wallet: its address (public) is shown above the masked key box.
    expect(document.body.textContent).toContain(page.address);
    // Nothing of the key anywhere in the document, and the auth share was never asked for.
    expect(page.shareCalls()).toEqual([]);
    expect(page.rendered).toEqual([]);
    expect(document.documentElement.outerHTML).not.toMatch(/[0-9a-f]{64}/i);
    expect($('export-private-key').textContent).toBe(EXPORT_TEXTS.hidden);
    expect(($('export-copy') as HTMLButtonElement).hidden).toBe(true);
  });

  it('a synthetic (untrusted) click does not reveal; a trusted click fetches the share and shows the key', async () => {
    const page = await exportPage();
    await page.handler({ accessToken: T, address: page.address }, ORIGIN);
    const reveal = $('export-reveal') as HTMLButtonElement;

    reveal.click();
    syntheticClick(reveal);
    await flush();
    expect(page.shareCalls()).toEqual([]);
    expect(page.rendered).toEqual([]);
    expect(document.documentElement.outerHTML).not.toMatch(/[0-9a-f]{64}/i);

    trustedClick(reveal);
    await vi.waitFor(() => expect(page.rendered).toHaveLength(1));
    const key = page.rendered[0]!;
    expect(privateKeyToAddress(key as `0x${string}`)).toBe(page.address);
    expect(page.shareCalls()).toEqual([{ path: ROUTES.walletAuthShare, dpop: true }]);
    const shown = $('export-private-key');
    expect(shown.textContent).toBe(key);
    expect(shown.classList.contains('lk-export__key--shown')).toBe(true);
    expect(document.body.textContent).toContain(page.address);
    expect(reveal.hidden).toBe(true);
    // The wallet frame's CSP forbids inline style markup; nothing but the root's CSSOM variables.
    expect(document.body.querySelectorAll('[style]')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('Copy writes the key to the clipboard and says Copied; Hide wipes it; Reveal fetches again', async () => {
    const page = await exportPage();
    await page.handler({ accessToken: T, address: page.address }, ORIGIN);
    trustedClick($('export-reveal'));
    await vi.waitFor(() => expect(page.rendered).toHaveLength(1));
    const key = page.rendered[0]!;

    const copy = $('export-copy') as HTMLButtonElement;
    expect(copy.hidden).toBe(false);
    copy.click();
    await flush();
    expect(page.writeText).toHaveBeenCalledWith(key);
    expect(copy.textContent).toBe(EXPORT_TEXTS.copied);

    const hide = $('export-hide') as HTMLButtonElement;
    hide.click();
    expect(document.documentElement.outerHTML).not.toContain(key.slice(2));
    expect(copy.hidden).toBe(true);
    const reveal = $('export-reveal') as HTMLButtonElement;
    expect(reveal.hidden).toBe(false);
    expect(reveal.disabled).toBe(false);

    trustedClick(reveal);
    await vi.waitFor(() => expect(page.rendered).toHaveLength(2));
    expect(page.rendered[1]).toBe(key);
    expect(page.shareCalls()).toHaveLength(2);
  });

  it('a second export request is refused; a failed reveal shows the error inside the frame', async () => {
    const page = await exportPage();
    await page.handler({ accessToken: T, address: page.address }, ORIGIN);
    await expect(
      page.handler({ accessToken: T, address: page.address }, ORIGIN),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    page.server.serving = false;
    trustedClick($('export-reveal'));
    await vi.waitFor(() => expect($('export-private-key').textContent).toBe(EXPORT_TEXTS.failed));
    expect(page.rendered).toEqual([]);
    expect(($('export-reveal') as HTMLButtonElement).hidden).toBe(true);
  });

  it('refuses a request for a wallet this device holds no share of, before any share request', async () => {
    const page = await exportPage();
    await expect(
      page.handler(
        { accessToken: T, address: '0x1111111111111111111111111111111111111111' },
        ORIGIN,
      ),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(page.shareCalls()).toEqual([]);
  });
});

describe('export page theme', () => {
  it('reads the theme from the query string and drops anything that is not a colour', () => {
    expect(exportThemeFromSearch('?theme=dark&accent=%230ea5e9&accent_fg=%23fff')).toEqual({
      colorScheme: 'dark',
      accent: '#0ea5e9',
      accentForeground: '#fff',
    });
    expect(exportThemeFromSearch('?theme=light&accent=rgb(1%2C%202%2C%203)')).toEqual({
      colorScheme: 'light',
      accent: 'rgb(1, 2, 3)',
    });
    expect(
      exportThemeFromSearch(
        '?theme=neon&accent=url(https://evil.example/x)&accent_fg=red;background:url(x)',
      ),
    ).toEqual({});
    expect(exportThemeFromSearch('?client_id=x')).toEqual({});
  });

  it('applies the scheme as data-theme and the accent as CSS variables', () => {
    applyExportTheme(document, {
      colorScheme: 'dark',
      accent: '#0ea5e9',
      accentForeground: '#000',
    });
    const root = document.documentElement;
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.style.getPropertyValue('--lk-accent')).toBe('#0ea5e9');
    expect(root.style.getPropertyValue('--lk-accent-fg')).toBe('#000');
  });

  it('without a theme the page leaves the scheme to prefers-color-scheme', () => {
    mountExportView(document, undefined, { theme: exportThemeFromSearch('') });
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('speaks the locale of its URL: `locale=de` shows the German page (issue 14 item 12)', () => {
    window.history.replaceState(null, '', '/?theme=dark&locale=de');
    mountExportView(document, undefined);
    expect(document.documentElement.lang).toBe('de');
    expect(document.querySelector('h1')!.textContent).toBe(
      'Privaten Schlüssel niemals weitergeben',
    );
    expect($('export-reveal').textContent).toBe('Anzeigen');
    expect($('export-copy').textContent).toBe('Kopieren');
  });

  it('an unknown locale tag shows the English page', () => {
    window.history.replaceState(null, '', '/?locale=tlh');
    mountExportView(document, undefined, { theme: {} });
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')!.textContent).toBe(EXPORT_TEXTS.title);
    expect($('export-reveal').textContent).toBe(EXPORT_TEXTS.reveal);
  });
});
