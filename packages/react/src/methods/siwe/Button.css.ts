/** A wallet row: icon, name, an 'Installed' badge, and 'Connect' on hover (spec section 2). */
export const walletButtonCss = `
.lk-wallet-button {
  display: flex;
  align-items: center;
  gap: var(--lk-space-3);
  width: 100%;
  min-height: 50px;
  padding: 0 var(--lk-space-3);
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
  background: var(--lk-background);
  color: var(--lk-foreground);
  font: inherit;
  font-size: 15px;
  font-weight: 500;
  text-align: left;
  cursor: pointer;
  transition: border-color 150ms, background-color 150ms;
}
.lk-wallet-button:hover, .lk-wallet-button:focus-visible { border-color: var(--lk-accent); }
.lk-wallet-button:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-wallet-button__icon { display: flex; align-items: center; justify-content: center; width: 28px; height: 28px; flex: none; border-radius: 8px; overflow: hidden; background: var(--lk-surface); color: var(--lk-muted); }
.lk-wallet-button__icon img { width: 100%; height: 100%; object-fit: cover; }
.lk-wallet-button__icon svg { width: 18px; height: 18px; }
.lk-wallet-button__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-wallet-button__badge { font-size: 12px; font-weight: 600; color: var(--lk-muted); }
.lk-wallet-button__connect { display: none; font-size: 13px; font-weight: 600; color: var(--lk-accent); }
.lk-wallet-button:hover .lk-wallet-button__connect, .lk-wallet-button:focus-visible .lk-wallet-button__connect { display: inline; }
.lk-wallet-button:hover .lk-wallet-button__badge, .lk-wallet-button:focus-visible .lk-wallet-button__badge { display: none; }
@media (prefers-reduced-motion: reduce) { .lk-wallet-button { transition: none; } }
`;
