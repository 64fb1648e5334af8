import {
  type PreparedTransaction,
  prepareTransaction,
  toRpcTransaction,
  waitForReceipt,
} from '@latchkey/core/embedded-wallet';
import {
  type ChainConfig as CoreChainConfig,
  type EmbeddedWalletManager,
  transactionType,
  explorerTxUrl,
  toCoreChain,
  type TransactionReceipt,
} from '@latchkey/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Address } from '../../components/DisplayText/DisplayText.tsx';
import { formatUsd, usdValue, useTokenPrice } from '../../funding/price.ts';
import { formatTokenAmount } from '../../locales/format.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, SendIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { formatMessage } from '@latchkey/core';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import {
  ApprovalFrame,
  type ApprovalFrameEvent,
  approvalFrameCss,
  ethereumApproval,
  solanaApproval,
} from '../EmbeddedWalletSignRequest/ApprovalFrame.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { sendTransactionCss } from './EmbeddedWalletSendTransaction.css.ts';

/** What the approval page signs: the filled transaction (JSON-RPC form), for one manager. */
type Signable = {
  manager: EmbeddedWalletManager;
  tx: Record<string, unknown>;
  chain: CoreChainConfig;
};

type View =
  | { step: 'loading' }
  | { step: 'review'; prepared: PreparedTransaction; signable: Signable | null }
  | { step: 'submitting'; prepared: PreparedTransaction }
  | { step: 'submitted'; hash: string }
  | { step: 'receipt'; receipt: TransactionReceipt }
  | { step: 'error'; code: string | number | null; message: string; hash: string | null };

function errorView(error: unknown, hash: string | null): View {
  const e = error as { code?: unknown; type?: unknown; message?: unknown; shortMessage?: unknown };
  // A wallet frame's refusal shows its stable type (e.g. `policy_value_cap_exceeded`).
  const code = typeof e?.type === 'string' && e.type !== 'error' ? e.type : e?.code;
  return {
    step: 'error',
    code: typeof code === 'number' || typeof code === 'string' ? code : null,
    message: String(e?.shortMessage ?? e?.message ?? error),
    hash,
  };
}

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (spec sections 4, 5 and 8; issue 24): loading
 * (validation with the spec texts, supported chain, balance, gas estimate, the filled
 * transaction), review ('Send ETH' for a SEND, else 'Review transaction'), where the wallet's
 * approval page is framed in place of the details and the Submit button: it draws the
 * transaction (chain, recipient, value, fee, decoded call) and its own approve button ('Submit'
 * or `buttonText`), and signs only on a real click inside it. Insufficient funds show the amount
 * and rows, 'Wallet has insufficient funds on this network for this transaction.', 'Add Funds'
 * when the on-ramp is on and a disabled Submit, and no frame. Once the frame answered the signed
 * transaction: submitting ('Submitting (may take a few moments)...', the broadcast), then the
 * receipt (hash, block, gas used, explorer link) or the error view (code, message, copyable hash,
 * explorer link, 'Retry transaction'; a retry after a hash drops the nonce so a fresh one is
 * used). `waitForTransactionConfirmation: false` resolves at broadcast. A provider request
 * (`confirm-transaction`) resolves with the signed transaction and closes (the provider
 * broadcasts). Closing before it resolved rejects with 4001.
 *
 * Issue 22 item 2: a Solana transaction (`kind: 'solana-transaction'`, from the embedded
 * Solana wallet) shows {@link SolanaTransactionReview} instead.
 */
export default function EmbeddedWalletSendTransaction() {
  const kind = (useModal().params.wallet as { kind?: string } | undefined)?.kind;
  return kind === 'solana-transaction' ? <SolanaTransactionReview /> : <EthereumSendTransaction />;
}

/**
 * The send screen for a Solana transaction (issue 22 item 2): 'Review transaction' (or
 * `transactionInfo.title`) over the approval page framed with the Solana request
 * (`latchkey:solana-wallet:approve` with the cluster's name): the page decodes and draws the
 * transaction (fee payer, instructions, SOL transfers, fee) and its approve button ('Submit' or
 * `buttonText`). Once the user approved inside it, the screen resolves with the frame's
 * `{signedTransaction}` and closes; the wallet then sends it (`signAndSendTransaction`). A frame
 * error shows with 'Try again' (a fresh frame). Closing before the answer rejects (the wallet's
 * `user_rejected`).
 */
function SolanaTransactionReview() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(approvalFrameCss);
  useStyleSheet(sendTransactionCss);
  const { request, config, settle, close, messages: m } = useWalletScreen('solana-transaction');
  const { colorScheme, accent, accentForeground } = config.theme;
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const source = solanaApproval(request.solana);
  const onEvent = useCallback(
    (event: ApprovalFrameEvent) => {
      if (event.type === 'approved') {
        settle(event.response);
        close();
      } else if (event.type === 'error') {
        const e = event.error as { shortMessage?: unknown; message?: unknown };
        setError(String(e?.shortMessage ?? e?.message ?? event.error));
      }
    },
    [settle, close],
  );
  return (
    <div className="lk-wallet lk-send" data-step={error ? 'error' : 'review'}>
      <ModalHeader
        title={request.uiOptions?.transactionInfo?.title ?? m.reviewTransaction}
        message={request.uiOptions?.description}
        icon={<SendIcon />}
      />
      {error ? (
        <>
          <p className="lk-wallet__error" role="alert">
            {error}
          </p>
          <Button
            onClick={() => {
              setError(null);
              setAttempt((n) => n + 1);
            }}
          >
            {m.approvalRetry}
          </Button>
        </>
      ) : (
        <ApprovalFrame
          source={source}
          buttonText={request.uiOptions?.buttonText ?? m.submit}
          theme={{ colorScheme, accent, accentForeground, locale: config.intl.locale }}
          title={m.approvalFrameTitle}
          attempt={attempt}
          onEvent={onEvent}
        />
      )}
    </div>
  );
}

function EthereumSendTransaction() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(approvalFrameCss);
  useStyleSheet(sendTransactionCss);
  const s = useWalletScreen('send-transaction', 'confirm-transaction');
  const { request, wallet, client, walletConfig, config, settle, close, navigate, messages: m } = s;
  const { colorScheme, accent, accentForeground } = config.theme;
  const [transaction, setTransaction] = useState(request.transaction);
  const [view, setView] = useState<View>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const chain = walletConfig.supportedChains.find((c) => c.id === transaction.chainId);
  const symbol = chain?.nativeCurrency.symbol ?? 'ETH';
  const decimals = chain?.nativeCurrency.decimals ?? 18;
  /** An amount in wei, in the modal's language (issue 14, item 12). */
  const amount = (wei: bigint) => formatTokenAmount(wei, decimals, symbol, config.intl.locale);

  // Dollar amounts beside the token's (issue 20; spec section 9) when `priceDisplay` asks.
  const shownChainId =
    view.step === 'review' || view.step === 'submitting' ? view.prepared.chainId : undefined;
  const price = useTokenPrice(
    client.api.request,
    shownChainId,
    symbol,
    walletConfig.priceDisplay.secondary === 'fiat-currency',
  );
  /** `wei` in dollars ('<$0.01' when tiny), or null without a price. */
  const usd = (wei: bigint) =>
    price.state === 'ready'
      ? formatUsd(usdValue(wei, decimals, price.usd), config.intl.locale)
      : null;
  /** An amount in the token, with its dollar value under it when there is a price. */
  const both = (wei: bigint) => {
    const dollars = usd(wei);
    return dollars === null ? (
      amount(wei)
    ) : (
      <>
        {amount(wei)}
        <span className="lk-send__usd">{dollars}</span>
      </>
    );
  };
  const priceNote =
    price.state === 'error' ? (
      <p className="lk-wallet__note" data-testid="price-unavailable">
        {formatMessage(m.tokenPriceUnavailable, { chainId: String(shownChainId) })}
      </p>
    ) : null;

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
      const prepared = await prepareTransaction(provider, address, transaction, chainIds);
      if (!prepared.sufficientFunds) return { prepared, signable: null };
      // What the approval page signs: the provider's filled transaction (nonce, gas, fees).
      const tx =
        request.kind === 'confirm-transaction'
          ? request.signRequest
          : await provider.fillTransaction(toRpcTransaction(transaction));
      const config = walletConfig.supportedChains.find((c) => c.id === prepared.chainId);
      const signable: Signable | null = config ? { manager, tx, chain: toCoreChain(config) } : null;
      return { prepared, signable };
    })().then(
      ({ prepared, signable }) => live && setView({ step: 'review', prepared, signable }),
      (error: unknown) => live && setView(errorView(error, null)),
    );
    return () => {
      live = false;
    };
  }, [wallet, walletConfig, transaction, attempt, request]);

  /** Broadcasts the transaction the approval page signed (`raw`), then waits for its receipt. */
  const submit = useCallback(
    async (prepared: PreparedTransaction, raw: unknown) => {
      setView({ step: 'submitting', prepared });
      if (request.kind === 'confirm-transaction') {
        settle(raw); // the provider broadcasts the signed transaction
        close();
        return;
      }
      let hash: string | null = null;
      try {
        const manager = await wallet.manager();
        const provider = manager.getProvider();
        hash = (await provider.request({
          method: 'eth_sendRawTransaction',
          params: [raw],
        })) as string;
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
    [request.kind, settle, close, wallet, walletConfig.waitForTransactionConfirmation],
  );

  const onApproval = useCallback(
    (prepared: PreparedTransaction) => (event: ApprovalFrameEvent) => {
      if (event.type === 'approved') void submit(prepared, event.response);
      else if (event.type === 'error') setView(errorView(event.error, null));
    },
    [submit],
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
  const signable = view.step === 'review' ? view.signable : null;
  return (
    <div className="lk-wallet lk-send" data-step={view.step}>
      <ModalHeader title={title()} message={request.uiOptions?.description} icon={<SendIcon />} />
      {insufficient && (
        <>
          <p className="lk-send__amount" data-testid="send-amount">
            {both(prepared.value)}
          </p>
          <dl className="lk-wallet__rows">
            {transaction.to && (
              <Row label={m.txTo}>
                <Address className="lk-wallet__mono" value={transaction.to} />
              </Row>
            )}
            <Row label={m.txNetwork}>{chain?.name ?? String(prepared.chainId)}</Row>
            <Row label={m.txEstimatedFee}>{both(prepared.fee)}</Row>
            <Row label={m.txTotal}>{both(prepared.value + prepared.fee)}</Row>
            <Row label={m.txBalance}>{both(prepared.balance)}</Row>
          </dl>
          <p className="lk-send__warning" role="alert">
            {m.insufficientFunds}
          </p>
          {walletConfig.fiatOnRamp.enabled && (
            <Button
              variant="secondary"
              title={formatMessage(m.addFundsOn, { network: chain?.name ?? '' })}
              onClick={() => navigate('FIAT_ON_RAMP_PROMPT_SCREEN', { wallet: request })}
            >
              {m.addFunds}
            </Button>
          )}
          <Button disabled>{request.uiOptions?.buttonText ?? m.submit}</Button>
        </>
      )}
      {!insufficient && prepared.estimateFailed && (
        <p className="lk-send__warning">{m.txPrepareError}</p>
      )}
      {!insufficient && usd(prepared.value) !== null && (
        <dl className="lk-wallet__rows lk-send__fiat" data-testid="send-fiat">
          <Row label={m.txAmount}>≈ {usd(prepared.value)}</Row>
          <Row label={m.txEstimatedFee}>≈ {usd(prepared.fee)}</Row>
        </dl>
      )}
      {priceNote}
      {signable && (
        <ApprovalFrame
          source={ethereumApproval(
            signable.manager,
            { method: 'eth_signTransaction', params: [signable.tx] },
            signable.chain,
          )}
          buttonText={request.uiOptions?.buttonText ?? m.submit}
          theme={{ colorScheme, accent, accentForeground, locale: config.intl.locale }}
          title={m.approvalFrameTitle}
          onEvent={onApproval(prepared)}
        />
      )}
      {submitting && (
        <div className="lk-send__submitting" role="status">
          <span className="lk-spinner" />
          <span>{m.submitting}</span>
        </div>
      )}
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
