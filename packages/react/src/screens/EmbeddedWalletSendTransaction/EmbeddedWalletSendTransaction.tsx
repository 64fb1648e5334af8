import { transactionType } from '@latchkey/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, SendIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { formatMessage } from '@latchkey/core';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { explorerTxUrl, formatUnits } from '../../wallet/chains.ts';
import type { TransactionReceipt } from '../../wallet/requests.ts';
import {
  type PreparedTransaction,
  prepareTransaction,
  toRpcTransaction,
  waitForReceipt,
} from '../../wallet/transactions.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { shortAddress } from '../EmbeddedWalletCreated/EmbeddedWalletCreated.tsx';
import { sendTransactionCss } from './EmbeddedWalletSendTransaction.css.ts';

type View =
  | { step: 'loading' }
  | { step: 'review'; prepared: PreparedTransaction }
  | { step: 'submitting'; prepared: PreparedTransaction }
  | { step: 'submitted'; hash: string }
  | { step: 'receipt'; receipt: TransactionReceipt }
  | { step: 'error'; code: string | number | null; message: string; hash: string | null };

function errorView(error: unknown, hash: string | null): View {
  const e = error as { code?: unknown; message?: unknown; shortMessage?: unknown };
  return {
    step: 'error',
    code: typeof e?.code === 'number' || typeof e?.code === 'string' ? e.code : null,
    message: String(e?.shortMessage ?? e?.message ?? error),
    hash,
  };
}

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (spec sections 4, 5 and 8): loading (validation with the
 * spec texts, supported chain, balance, gas estimate), review ('Send ETH' for a SEND, else 'Review
 * transaction'; insufficient funds disables Submit, shows 'Wallet has insufficient funds on this
 * network for this transaction.' and 'Add Funds' when the on-ramp is on), submitting ('Submitting
 * (may take a few moments)...'), then the receipt (hash, block, gas used, explorer link) or the
 * error view (code, message, copyable hash, explorer link, 'Retry transaction'; a retry after a
 * hash drops the nonce so a fresh one is used). `waitForTransactionConfirmation: false` resolves
 * at broadcast. Closing before it resolved rejects with 4001.
 */
export default function EmbeddedWalletSendTransaction() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(sendTransactionCss);
  const s = useWalletScreen('send-transaction', 'confirm-transaction');
  const { request, wallet, walletConfig, settle, close, navigate, messages: m } = s;
  const [transaction, setTransaction] = useState(request.transaction);
  const [view, setView] = useState<View>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const chain = walletConfig.supportedChains.find((c) => c.id === transaction.chainId);
  const symbol = chain?.nativeCurrency.symbol ?? 'ETH';
  const decimals = chain?.nativeCurrency.decimals ?? 18;

  useEffect(() => {
    let live = true;
    setView({ step: 'loading' });
    (async () => {
      const manager = await wallet.manager();
      const provider = manager.getProvider();
      const address = manager.getState().address ?? '';
      const chainIds = walletConfig.supportedChains.map((c) => c.id);
      if (
        typeof transaction.chainId === 'number' &&
        chainIds.includes(transaction.chainId) &&
        manager.getProvider().chainId !== transaction.chainId
      ) {
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${transaction.chainId.toString(16)}` }],
        });
      }
      return prepareTransaction(provider, address, transaction, chainIds);
    })().then(
      (prepared) => live && setView({ step: 'review', prepared }),
      (error: unknown) => live && setView(errorView(error, null)),
    );
    return () => {
      live = false;
    };
  }, [wallet, walletConfig, transaction, attempt]);

  const submit = useCallback(
    async (prepared: PreparedTransaction) => {
      setView({ step: 'submitting', prepared });
      if (request.kind === 'confirm-transaction') {
        settle(undefined); // approve: the provider signs in the frame and broadcasts
        close();
        return;
      }
      let hash: string | null = null;
      try {
        const manager = await wallet.manager();
        const provider = manager.getProvider();
        hash = (await wallet.approved(() =>
          provider.request({
            method: 'eth_sendTransaction',
            params: [toRpcTransaction(transaction)],
          }),
        )) as string;
        if (!walletConfig.waitForTransactionConfirmation) {
          settle({ transactionHash: hash });
          setView({ step: 'submitted', hash });
          return;
        }
        const receipt = await waitForReceipt(provider, hash);
        if (receipt.status !== 'success') {
          setView(errorView(new Error('Transaction reverted'), hash));
          return;
        }
        settle(receipt);
        setView({ step: 'receipt', receipt });
      } catch (error) {
        setView(errorView(error, hash));
      }
    },
    [request.kind, settle, close, wallet, transaction, walletConfig.waitForTransactionConfirmation],
  );

  const retry = (hash: string | null) => {
    if (hash) {
      // A hash means the nonce may be used: let the wallet pick a fresh one (spec section 4).
      const { nonce: _used, ...rest } = transaction;
      setTransaction(rest);
    }
    setAttempt((n) => n + 1);
  };

  const explorer = (hash: string) => {
    const url = explorerTxUrl(chain, hash);
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {m.viewOnExplorer}
      </a>
    ) : null;
  };

  if (view.step === 'loading') {
    return (
      <div className="lk-wallet lk-send" data-step="loading">
        <ModalHeader title={title()} icon={<SendIcon />} />
        <div className="lk-wallet__busy" role="status" aria-label={m.loading}>
          <span className="lk-spinner" />
        </div>
      </div>
    );
  }

  if (view.step === 'error') {
    return (
      <div className="lk-wallet lk-send" data-step="error">
        <ModalHeader
          title={m.txErrorTitle}
          message={view.message}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {view.code !== null && (
          <dl className="lk-wallet__rows">
            <Row label={m.txErrorCode}>{String(view.code)}</Row>
          </dl>
        )}
        {view.hash && (
          <HashLine
            hash={view.hash}
            label={m.txHash}
            copyLabel={m.copyHash}
            copiedLabel={m.copied}
          />
        )}
        {view.hash && explorer(view.hash)}
        <Button onClick={() => retry(view.hash)}>{m.retryTransaction}</Button>
      </div>
    );
  }

  if (view.step === 'submitted' || view.step === 'receipt') {
    const hash = view.step === 'receipt' ? view.receipt.transactionHash : view.hash;
    return (
      <div className="lk-wallet lk-send" data-step={view.step}>
        <ModalHeader
          title={view.step === 'receipt' ? m.txSuccessTitle : m.txSubmittedTitle}
          icon={<CheckIcon />}
          iconTone="success"
        />
        <HashLine hash={hash} label={m.txHash} copyLabel={m.copyHash} copiedLabel={m.copied} />
        {view.step === 'receipt' && (
          <dl className="lk-wallet__rows" data-testid="receipt">
            <Row label={m.txBlock}>{view.receipt.blockNumber.toString()}</Row>
            <Row label={m.txGasUsed}>{view.receipt.gasUsed.toString()}</Row>
          </dl>
        )}
        {explorer(hash)}
        <Button onClick={close}>{m.done}</Button>
      </div>
    );
  }

  const { prepared } = view;
  const submitting = view.step === 'submitting';
  const insufficient = !prepared.sufficientFunds;
  return (
    <div className="lk-wallet lk-send" data-step={view.step}>
      <ModalHeader title={title()} message={request.uiOptions?.description} icon={<SendIcon />} />
      <p className="lk-send__amount" data-testid="send-amount">
        {`${formatUnits(prepared.value, decimals)} ${symbol}`}
      </p>
      <dl className="lk-wallet__rows">
        {transaction.to && (
          <Row label={m.txTo}>
            <span className="lk-wallet__mono" title={transaction.to}>
              {shortAddress(transaction.to)}
            </span>
          </Row>
        )}
        <Row label={m.txNetwork}>{chain?.name ?? String(prepared.chainId)}</Row>
        <Row label={m.txEstimatedFee}>{`${formatUnits(prepared.fee, decimals)} ${symbol}`}</Row>
        <Row label={m.txTotal}>
          {`${formatUnits(prepared.value + prepared.fee, decimals)} ${symbol}`}
        </Row>
        <Row label={m.txBalance}>{`${formatUnits(prepared.balance, decimals)} ${symbol}`}</Row>
      </dl>
      {prepared.estimateFailed && <p className="lk-send__warning">{m.txPrepareError}</p>}
      {insufficient && (
        <p className="lk-send__warning" role="alert">
          {m.insufficientFunds}
        </p>
      )}
      {insufficient && walletConfig.fiatOnRamp.enabled && (
        <Button
          variant="secondary"
          title={formatMessage(m.addFundsOn, { network: chain?.name ?? '' })}
          onClick={() => navigate('FIAT_ON_RAMP_PROMPT_SCREEN', { wallet: request })}
        >
          {m.addFunds}
        </Button>
      )}
      <Button disabled={insufficient || submitting} onClick={() => void submit(prepared)}>
        {submitting ? m.submitting : (request.uiOptions?.buttonText ?? m.submit)}
      </Button>
    </div>
  );

  function title() {
    if (request.uiOptions?.transactionInfo?.title) return request.uiOptions.transactionInfo.title;
    return transactionType(transaction) === 'SEND'
      ? formatMessage(m.sendTitle, { symbol })
      : m.reviewTransaction;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lk-wallet__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function HashLine({
  hash,
  label,
  copyLabel,
  copiedLabel,
}: {
  hash: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <div className="lk-send__hash">
      <span className="lk-send__hash-label">{label}</span>
      <code className="lk-wallet__box" data-testid="tx-hash" title={hash}>
        {hash}
      </code>
      <Button
        variant="link"
        onClick={() => void navigator.clipboard?.writeText(hash).then(() => setCopied(true))}
      >
        {copied ? copiedLabel : copyLabel}
      </Button>
    </div>
  );
}
