import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createModalFlow } from '@latchkey/core';
import { METHOD_LINKS } from '../methods/links.ts';
import type { ScreenParams } from '../Modal/types.ts';
import { useClientSession, useMethodMountEffects } from './useClientSession.ts';

const created = vi.hoisted(() => ({ parameters: [] as Record<string, unknown>[] }));
vi.mock('@latchkey/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@latchkey/core')>();
  return {
    ...core,
    createLatchkeyClient: (parameters: Parameters<typeof core.createLatchkeyClient>[0]) => {
      created.parameters.push(parameters as unknown as Record<string, unknown>);
      return core.createLatchkeyClient(parameters);
    },
  };
});

const APP_ID = 'clpispdty00ycl80fpueukbhl';

describe("the methods' provider parts (issue 11: METHOD_LINKS loaders and onProviderMount)", () => {
  it("hands every method's lazy loaders to the client", () => {
    renderHook(() => useClientSession(APP_ID, 'https://auth.example.com', undefined));
    const parameters = created.parameters.at(-1)!;
    const loaders = METHOD_LINKS.flatMap((link) => Object.entries(link.loaders ?? {}));
    expect(loaders.length).toBeGreaterThan(0);
    for (const [name, load] of loaders) expect(parameters[name]).toBe(load);
    expect(typeof parameters.walletFrame).toBe('function');
  });

  it("runs every method's onProviderMount once mounted and its cleanup on unmount", () => {
    const cleanup = vi.fn();
    const mount = vi.fn(() => cleanup);
    const link = METHOD_LINKS.find((l) => l.onProviderMount)!;
    const spy = vi.spyOn(link, 'onProviderMount').mockImplementation(mount);
    const { result } = renderHook(() =>
      useClientSession(APP_ID, 'https://auth.example.com', undefined),
    );
    const flow = createModalFlow<ScreenParams>({
      exitedLinkFlowMessage: () => 'closed',
      linkedAccount: () => null,
    });
    const { unmount } = renderHook(() =>
      useMethodMountEffects(APP_ID, result.current.client, flow),
    );
    expect(mount).toHaveBeenCalledWith({ appId: APP_ID, client: result.current.client, flow });
    unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
