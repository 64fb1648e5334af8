import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createFakeManager,
  renderWalletScreen,
  WALLET_ADDRESS,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletImport from './EmbeddedWalletImport.tsx';

/** A fake manager whose `mountImport` (issue 22 item 4) the test plays as the frame. */
function importManager() {
  const manager = createFakeManager();
  const frames: {
    container: HTMLElement;
    parameters: unknown;
    iframe: HTMLIFrameElement;
    load(): void;
    finish(address: string): void;
    fail(error: unknown): void;
    destroyed: boolean;
  }[] = [];
  const mountImport = vi.fn((container: HTMLElement, parameters: unknown) => {
    // happy-dom does not load iframes: a marked stand-in.
    const iframe = container.ownerDocument.createElement('div') as unknown as HTMLIFrameElement;
    iframe.setAttribute('data-fake-import-frame', '');
    container.appendChild(iframe);
    let load!: () => void;
    let settle!: { resolve: (v: unknown) => void; reject: (e: unknown) => void };
    const ready = new Promise<void>((r) => (load = r));
    const result = new Promise((resolve, reject) => (settle = { resolve, reject }));
    result.catch(() => {});
    const frame = {
      container,
      parameters,
      iframe,
      load,
      finish: (address: string) => settle.resolve({ address, deviceStorage: 'local' }),
      fail: (error: unknown) => settle.reject(error),
      destroyed: false,
    };
    frames.push(frame);
    return {
      iframe,
      ready,
      result,
      destroy() {
        frame.destroyed = true;
        settle.reject(new Error('destroyed'));
      },
    };
  });
  Object.assign(manager, { mountImport });
  return { manager, frames, mountImport };
}

describe('EMBEDDED_WALLET_IMPORT_SCREEN (the key is typed in the wallet frame, issue 22 item 4)', () => {
  it('frames the import page themed like the modal, has no input of its own, and resolves with the address', async () => {
    const { manager, frames } = importManager();
    const { container, resolve, reject } = renderWalletScreen(
      <EmbeddedWalletImport />,
      { kind: 'import' },
      { manager, config: { appearance: { theme: 'dark' } } },
    );
    await screen.findByText('Import a wallet');
    expect(
      screen.getByText(
        'Type or paste your private key inside this secure frame, never into this app.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(frames).toHaveLength(1));
    const frame = frames[0]!;
    expect(frame.parameters).toMatchObject({ theme: { colorScheme: 'dark' } });
    expect(frame.iframe.title).toBe('Private key import');
    expect(container.querySelector('.lk-import__host')!.contains(frame.iframe)).toBe(true);
    // No key input on the host page.
    expect(container.querySelector('input, textarea')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => frame.load());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    act(() => frame.finish(WALLET_ADDRESS));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(WALLET_ADDRESS));
    expect(reject).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it("rejects with the page's refusal; closing first rejects with 4001", async () => {
    const first = importManager();
    const refused = renderWalletScreen(
      <EmbeddedWalletImport />,
      { kind: 'import' },
      { manager: first.manager },
    );
    await waitFor(() => expect(first.frames).toHaveLength(1));
    const error = Object.assign(
      new Error('Only one Latchkey wallet per user is currently allowed'),
      { code: 'embedded_wallet_exists' },
    );
    act(() => first.frames[0]!.load());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    act(() => first.frames[0]!.fail(error));
    await waitFor(() => expect(refused.reject).toHaveBeenCalledWith(error));
    // The frame shows its own failure; the card adds nothing over it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(refused.resolve).not.toHaveBeenCalled();
    refused.unmount();

    const second = importManager();
    const closing = renderWalletScreen(
      <EmbeddedWalletImport />,
      { kind: 'import' },
      { manager: second.manager },
    );
    await waitFor(() => expect(second.frames).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closing.reject).toHaveBeenCalledWith(expect.objectContaining({ code: 4001 }));
    // The modal unmounts the screen, which removes the frame.
    closing.unmount();
    expect(second.frames[0]!.destroyed).toBe(true);
  });
});
