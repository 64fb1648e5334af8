import { describe, expect, it } from 'vitest';
import { embeddedWalletExportUrl } from './export.ts';

describe('embeddedWalletExportUrl', () => {
  it("carries the modal's theme in the export page URL", () => {
    const url = new URL(
      embeddedWalletExportUrl('https://api.example/', 'app_1', {
        colorScheme: 'dark',
        accent: '#0ea5e9',
        accentForeground: '#ffffff',
      }),
    );
    expect(url.origin + url.pathname).toBe(
      'https://api.example/apps/app_1/embedded-wallets/export',
    );
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('accent')).toBe('#0ea5e9');
    expect(url.searchParams.get('accent_fg')).toBe('#ffffff');
    expect(url.searchParams.get('client_id')).toBeTruthy();
  });

  it('without a theme leaves the scheme to the page (prefers-color-scheme)', () => {
    const url = new URL(embeddedWalletExportUrl('https://api.example', 'app_1'));
    expect([...url.searchParams.keys()]).toEqual(['client_id']);
  });
});
