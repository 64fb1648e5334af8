/** Shared pieces of the embedded-wallet screens: column layout, actions, rows, notes. */
export const walletLayoutCss = `
.lk-wallet { display: flex; flex-direction: column; gap: var(--lk-space-3); }
.lk-wallet__actions { display: flex; flex-direction: column; gap: var(--lk-space-2); margin-top: var(--lk-space-1); }
.lk-wallet__actions--row { flex-direction: row; }
.lk-wallet__error { margin: 0; font-size: 13px; color: var(--lk-danger); text-align: center; min-height: 18px; }
.lk-wallet__note { margin: 0; font-size: 13px; color: var(--lk-muted); text-align: center; }
.lk-wallet__busy { display: flex; justify-content: center; padding: var(--lk-space-3) 0 var(--lk-space-1); }
.lk-wallet__rows { display: flex; flex-direction: column; margin: 0; padding: var(--lk-space-1) var(--lk-space-3); border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); }
.lk-wallet__row { display: flex; justify-content: space-between; align-items: baseline; gap: var(--lk-space-3); padding: var(--lk-space-2) 0; font-size: 14px; }
.lk-wallet__row + .lk-wallet__row { border-top: 1px solid var(--lk-border); }
.lk-wallet__row dt { color: var(--lk-muted); flex: none; }
.lk-wallet__row dd { margin: 0; color: var(--lk-foreground); font-weight: 500; text-align: right; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.lk-wallet__mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.lk-wallet__box { margin: 0; padding: var(--lk-space-3); max-height: 160px; overflow: auto; border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; white-space: pre-wrap; overflow-wrap: anywhere; color: var(--lk-foreground); }
.lk-wallet a { color: var(--lk-accent); font-weight: 600; text-decoration: none; }
.lk-wallet a:hover { text-decoration: underline; }
`;
