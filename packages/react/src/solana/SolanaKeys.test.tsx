import type { SessionState, WalletController } from '@latchkey/core';
import type { SolanaWalletController } from '@latchkey/core/solana';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useExportWallet } from '../hooks/useExportWallet.ts';
import { useImportWallet } from '../hooks/useImportWallet.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import EmbeddedWalletImport from '../screens/EmbeddedWalletImport/EmbeddedWalletImport.tsx';
import EmbeddedWalletKeyExport from '../screens/EmbeddedWalletKeyExport/EmbeddedWalletKeyExport.tsx';
import { createFakeApprovalMount } from '../test/fakeApproval.ts';
import { createFakeManager, renderWalletScreen } from '../test/renderWalletScreen.tsx';
import type { SolanaWallets } from './solanaWallets.ts';

const SOL = '9wXkq3bZ5rS7uXW1GvYgqJ3d7yq2cUZ4A8r6Yb1kP4Xz';
const ETH = '0x1111111111111111111111111111111111111111';
const now = new Date(0);

function walletAccount(address: string, chainType: 'ethereum' | 'solana') {
  return {
    type: 'wallet',
    address,
    chainType,
    chainId: null,
    walletClientType: 'latchkey',
    connectorType: 'embedded',
    recoveryMethod: 'latchkey',
    imported: false,
    verifiedAt: now,
    firstVerifiedAt: now,
    latestVerifiedAt: now,
  };
}

function session(accounts: ReturnType<typeof walletAccount>[]): SessionState {
  return {
    status: 'authenticated',
    user: {
      id: 'user_1',
      createdAt: now,
      mfaMethods: [],
      hasAcceptedTerms: true,
      isGuest: false,
      linkedAccounts: accounts,
    },
  } as unknown as SessionState;
}

/** The provider's pieces the two hooks use: the Ethereum controller and the Solana holder. */
function hooks(current: SessionState) {
  const wallet = {
    importWallet: vi.fn(async () => ETH),
    exportWallet: vi.fn(async () => {}),
  };
  const solanaController = {
    importWallet: vi.fn(async () => ({ address: SOL, chainType: 'solana' as const })),
    exportWallet: vi.fn(async () => {}),
  };
  const solana = {
    manager: vi.fn(async () => solanaController as unknown as SolanaWalletController),
  };
  const value = {
    session: current,
    wallet: wallet as unknown as WalletController,
    solana: solana as unknown as SolanaWallets,
  } as unknown as LatchkeyContextValue;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>
  );
  return { wallet, solana, solanaController, wrapper };
}

describe('useImportWallet / useExportWallet with Solana (issue 22 item 4)', () => {
  it("importWallet({ chainType: 'solana' }) goes to the Solana controller; without options, the Ethereum import as before", async () => {
    const { wallet, solanaController, wrapper } = hooks(session([walletAccount(ETH, 'ethereum')]));
    const { result } = renderHook(() => useImportWallet(), { wrapper });
    await expect(result.current.importWallet({ chainType: 'solana' })).resolves.toEqual({
      address: SOL,
      chainType: 'solana',
    });
    expect(solanaController.importWallet).toHaveBeenCalledTimes(1);
    expect(wallet.importWallet).not.toHaveBeenCalled();
    await expect(result.current.importWallet()).resolves.toEqual({
      address: ETH,
      chainType: 'ethereum',
    });
    expect(wallet.importWallet).toHaveBeenCalledTimes(1);
    expect(solanaController.importWallet).toHaveBeenCalledTimes(1);
    await expect(
      result.current.importWallet({ chainType: 'bitcoin' as never }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('exportWallet({ address }) exports the Solana wallet for its address, the Ethereum one by default, and refuses another address', async () => {
    const { wallet, solanaController, wrapper } = hooks(
      session([walletAccount(ETH, 'ethereum'), walletAccount(SOL, 'solana')]),
    );
    const { result } = renderHook(() => useExportWallet(), { wrapper });
    await act(() => result.current.exportWallet({ address: SOL }));
    expect(solanaController.exportWallet).toHaveBeenCalledTimes(1);
    expect(wallet.exportWallet).not.toHaveBeenCalled();
    await act(() => result.current.exportWallet());
    await act(() =>
      result.current.exportWallet({ address: ETH.toUpperCase().replace('0X', '0x') }),
    );
    expect(wallet.exportWallet).toHaveBeenCalledTimes(2);
    await expect(
      result.current.exportWallet({ address: '0x2222222222222222222222222222222222222222' }),
    ).rejects.toMatchObject({ code: 'no_embedded_wallet' });
    // Base58 is case-sensitive: a changed case is another address.
    await expect(result.current.exportWallet({ address: SOL.toLowerCase() })).rejects.toMatchObject(
      { code: 'no_embedded_wallet' },
    );
    expect(solanaController.exportWallet).toHaveBeenCalledTimes(1);
    expect(wallet.exportWallet).toHaveBeenCalledTimes(2);
  });
});

describe('the import and export screens with a Solana request (issue 22 item 4)', () => {
  it("the import screen mounts the Solana manager's import page, themed, and resolves with the base58 address", async () => {
    const manager = createFakeManager();
    const mountImport = vi.fn();
    Object.assign(manager, { mountImport });
    const { mounts, mountApproval } = createFakeApprovalMount();
    const mount = vi.fn((container: HTMLElement, options: unknown) =>
      mountApproval(container, options as never),
    );
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletImport />,
      { kind: 'import', solana: { mount: mount as never } },
      { manager, config: { appearance: { theme: 'dark' } } },
    );
    await waitFor(() => expect(mounts).toHaveLength(1));
    expect(mount.mock.calls[0]![1]).toMatchObject({ theme: { colorScheme: 'dark' } });
    expect(mountImport).not.toHaveBeenCalled();
    act(() => mounts[0]!.load());
    act(() => mounts[0]!.approve({ address: SOL, chainType: 'solana' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SOL));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it("the export screen checks the Solana wallet's MFA and mounts its export page", async () => {
    const manager = createFakeManager();
    const { mounts, mountApproval } = createFakeApprovalMount();
    const ensureMfa = vi.fn(async () => {});
    // An export page has no result: the stand-in's (rejected at destroy) is not waited for.
    const mount = vi.fn((container: HTMLElement, options: unknown) => {
      const page = mountApproval(container, options as never);
      page.result.catch(() => {});
      return page;
    });
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletKeyExport />,
      { kind: 'export', solana: { address: SOL, ensureMfa, mount: mount as never } },
      { manager, config: { appearance: { theme: 'dark' } } },
    );
    await waitFor(() => expect(mounts).toHaveLength(1));
    expect(ensureMfa).toHaveBeenCalledTimes(1);
    expect(manager.ensureMfa).not.toHaveBeenCalled();
    expect(mount.mock.calls[0]![1]).toMatchObject({ theme: { colorScheme: 'dark' } });
    expect(mounts[0]!.iframe.title).toBe('Private key export');
    act(() => mounts[0]!.load());
    await waitFor(() => expect(resolve).toHaveBeenCalled(), { timeout: 3000 });
  });
});
