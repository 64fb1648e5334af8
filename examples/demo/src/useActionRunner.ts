import { useState } from 'react';

/** What {@link useActionRunner} returns. */
export interface ActionRunner {
  /** The last action's answer, or `<label> failed: <code> <message>`; '' while one runs. */
  result: string;
  /** True while an action runs (the card disables its buttons). */
  busy: boolean;
  /** A click handler that runs `fn` and shows what it returns. */
  run: (label: string, fn: () => Promise<string>) => () => Promise<void>;
}

/**
 * The demo cards' buttons: one action at a time, its answer shown in the card's result box.
 *
 * @param options.shortMessage show viem's `shortMessage` of an error when it has one (wagmi).
 * @param options.after called once each action has ended, whatever its outcome.
 */
export function useActionRunner(
  options: { shortMessage?: boolean; after?: () => void } = {},
): ActionRunner {
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (label: string, fn: () => Promise<string>) => async () => {
    setBusy(true);
    setResult('');
    try {
      setResult(await fn());
    } catch (error) {
      const e = error as { code?: unknown; shortMessage?: string; message?: string };
      const message = (options.shortMessage ? e.shortMessage : undefined) ?? e.message;
      setResult(`${label} failed: ${e.code !== undefined ? `${String(e.code)} ` : ''}${message}`);
    } finally {
      setBusy(false);
      options.after?.();
    }
  };
  return { result, busy, run };
}
