import { createPasswordlessFlow } from '@latchkey/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { ModalContext, type ModalContextValue } from '../Modal/ModalContext.ts';
import { APP_ID, createFakeClient } from './fakeClient.ts';

afterEach(() => {
  cleanup();
});

/** Renders one screen with a hand-made modal context (no provider, no shadow root). */
export function renderScreen(ui: ReactElement, overrides: Partial<ModalContextValue> = {}) {
  const config = resolveConfig(APP_ID, undefined, { name: 'Acme' });
  const value: ModalContextValue = {
    screen: 'LANDING',
    params: {},
    navigate: vi.fn(),
    config,
    messages: config.messages,
    titleId: 'lk-title',
    passwordless: createPasswordlessFlow(createFakeClient().client),
    complete: vi.fn(),
    completeLink: vi.fn(),
    fail: vi.fn(),
    finishLogin: vi.fn(),
    exit: vi.fn(),
    withCaptcha: vi.fn((run: (token?: string) => Promise<void> | void) => run()),
    captcha: null,
    requestClose: vi.fn(),
    setCancelHandler: vi.fn(),
    setBackHandler: vi.fn(),
    ...overrides,
  };
  return { ...render(<ModalContext.Provider value={value}>{ui}</ModalContext.Provider>), value };
}
