import { describe, expect, it } from 'vitest';
import { embeddedWalletApprovalUrl } from './approval.ts';
import { embeddedWalletExportUrl } from './export.ts';
import { framePageUrl } from './frame-page.ts';
import { embeddedWalletPasswordUrl } from './password-frame.ts';

describe('framePageUrl', () => {
  it("carries the modal's resolved locale as `locale=` (issue 14 item 12)", () => {
    const url = new URL(
      framePageUrl('https://api.example/', '/apps/app_1/embedded-wallets/export', {
        colorScheme: 'dark',
        locale: 'de',
      }),
    );
    expect(url.searchParams.get('locale')).toBe('de');
    expect(url.searchParams.get('theme')).toBe('dark');
  });

  it('reaches every frame page through its theme', () => {
    const theme = { locale: 'ja' };
    for (const page of [
      embeddedWalletExportUrl('https://api.example', 'app_1', theme),
      embeddedWalletApprovalUrl('https://api.example', 'app_1', theme),
      embeddedWalletPasswordUrl('https://api.example', 'app_1', theme, 'Demo'),
    ]) {
      expect(new URL(page).searchParams.get('locale')).toBe('ja');
    }
  });

  it('encodes the tag as a query value and leaves it out when unset', () => {
    const url = new URL(framePageUrl('https://api.example', '/p', { locale: 'x&theme=light' }));
    expect(url.searchParams.get('locale')).toBe('x&theme=light');
    expect(url.searchParams.get('theme')).toBeNull();
    expect(new URL(framePageUrl('https://api.example', '/p')).searchParams.has('locale')).toBe(
      false,
    );
  });
});
