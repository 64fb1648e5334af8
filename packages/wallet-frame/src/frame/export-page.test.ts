// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_TEXTS, mountExportView } from './export-page.ts';

describe('export page view', () => {
  it('shows the warning, then the key with a Copy button; no inline styles', async () => {
    const writeText = vi.fn(async () => {});
    const view = mountExportView(document, { writeText });
    expect(document.body.textContent).toContain('Never share your private key');
    const button = document.querySelector('button')!;
    expect(button.disabled).toBe(true);
    const key = `0x${'ab'.repeat(32)}`;
    view.showKey(key, '0x1111111111111111111111111111111111111111');
    expect(document.querySelector('[data-testid="export-private-key"]')!.textContent).toBe(key);
    expect(button.disabled).toBe(false);
    button.click();
    await Promise.resolve();
    expect(writeText).toHaveBeenCalledWith(key);
    await Promise.resolve();
    expect(button.textContent).toBe(EXPORT_TEXTS.copied);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });
});
