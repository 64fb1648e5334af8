/** Code screen: boxes, one status line, and the resend line. */
export const awaitingCodeCss = `
.lk-awaiting { display: flex; flex-direction: column; align-items: center; gap: var(--lk-space-3); }
.lk-awaiting strong { color: var(--lk-foreground); font-weight: 600; }
.lk-awaiting__status { display: flex; align-items: center; justify-content: center; gap: var(--lk-space-2); min-height: 20px; margin: 0; font-size: 13px; color: var(--lk-muted); text-align: center; }
.lk-awaiting__status[data-tone="danger"] { color: var(--lk-danger); }
.lk-awaiting__status[data-tone="success"] { color: var(--lk-success); font-weight: 600; }
.lk-awaiting__status .lk-spinner { width: 14px; height: 14px; border-width: 2px; }
.lk-awaiting__resend { display: flex; align-items: center; justify-content: center; gap: var(--lk-space-1); margin: 0; font-size: 13px; color: var(--lk-muted); }
.lk-awaiting__sent { font-weight: 600; color: var(--lk-success); }
.lk-awaiting__countdown { font-variant-numeric: tabular-nums; }
`;
