/** Issue 14, item 12: the provider loads the locale's catalogue and the modal speaks it. */
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.ts';
import ja from '../locales/ja.ts';
import { resolveAllMessages } from '../messages.ts';
import { shadowRoot } from '../test/modal.ts';
import { openModal } from '../test/openModal.ts';

const title = () => shadowRoot()?.querySelector('h2')?.textContent;

describe('the modal in a locale', () => {
  it('config.intl.locale picks the catalogue (nearest match: de-CH -> de)', async () => {
    await openModal({ config: { intl: { locale: 'de-CH' } } });
    await waitFor(() => expect(title()).toBe(de.landingHeader));
    expect(de.landingHeader).not.toBe(resolveAllMessages().landingHeader);
  });

  it('config.messages still wins over the locale', async () => {
    await openModal({
      config: { intl: { locale: 'ja' }, messages: { landingHeader: 'Bienvenue' } },
    });
    // The landing's submit button is Japanese (the catalogue has loaded) ...
    await waitFor(() =>
      expect(
        [...shadowRoot()!.querySelectorAll('button')].some((b) => b.textContent === ja.submit),
      ).toBe(true),
    );
    expect(ja.submit).not.toBe(resolveAllMessages().submit);
    // ... and the host's own header stays.
    expect(title()).toBe('Bienvenue');
  });

  it('an unknown locale is English', async () => {
    await openModal({ config: { intl: { locale: 'pt-BR' } } });
    await new Promise((r) => setTimeout(r, 50));
    expect(title()).toBe(resolveAllMessages().landingHeader);
  });
});
