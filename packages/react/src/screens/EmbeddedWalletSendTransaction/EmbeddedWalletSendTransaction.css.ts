/**
 * Send transaction: amount headline (and its dollar value), detail rows, funds warning, the broadcast line, receipt and
 * error views. The approval frame has its own CSS; nothing here may overlap it (issue 24).
 */
export const sendTransactionCss = `
.lk-send__amount { margin: calc(-1 * var(--lk-space-2)) 0 0; text-align: center; font-size: 26px; font-weight: 700; letter-spacing: -0.02em; color: var(--lk-foreground); font-variant-numeric: tabular-nums; }
.lk-send__usd { display: block; font-size: 13px; font-weight: 500; letter-spacing: 0; color: var(--lk-muted); }
.lk-send__amount .lk-send__usd { font-size: 15px; margin-top: 2px; }
.lk-send__fiat { padding-top: 0; padding-bottom: 0; }
.lk-send__warning { margin: 0; padding: var(--lk-space-3); border-radius: var(--lk-radius-control); background: color-mix(in srgb, var(--lk-danger) 10%, transparent); color: var(--lk-danger); font-size: 13px; }
.lk-send__hash { display: flex; flex-direction: column; gap: var(--lk-space-1); }
.lk-send__hash-label { font-size: 13px; color: var(--lk-muted); }
.lk-send__hash code { display: block; font-size: 12px; word-break: break-all; }
.lk-send__hash .lk-button { width: auto; align-self: flex-end; }

.lk-send__submitting { display: flex; align-items: center; justify-content: center; gap: var(--lk-space-2); min-height: 48px; font-size: 14px; color: var(--lk-muted); }
`;
