/** AWAITING_CONNECTION: the wallet's icon with a ring while waiting, the status line, actions. */
export const awaitingConnectionCss = `
.lk-awaiting { display: flex; flex-direction: column; gap: var(--lk-space-3); align-items: stretch; }
.lk-awaiting__wallet { align-self: center; position: relative; display: flex; align-items: center; justify-content: center; width: 72px; height: 72px; margin-top: var(--lk-space-2); border-radius: 20px; background: var(--lk-surface); color: var(--lk-muted); }
.lk-awaiting__wallet img { width: 48px; height: 48px; border-radius: 12px; }
.lk-awaiting__wallet svg { width: 36px; height: 36px; }
.lk-awaiting__wallet[data-busy="true"]::after { content: ""; position: absolute; inset: -6px; border: 3px solid transparent; border-top-color: var(--lk-accent); border-radius: 24px; animation: lk-awaiting-spin 900ms linear infinite; }
.lk-awaiting__wallet[data-step="success"] { color: var(--lk-success, #16a34a); }
@keyframes lk-awaiting-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .lk-awaiting__wallet[data-busy="true"]::after { animation-duration: 3s; } }
`;
