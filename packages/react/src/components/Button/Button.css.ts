/** Buttons: primary (accent), secondary (surface), link (text). Stable `lk-button*` classes. */
export const buttonCss = `
.lk-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--lk-space-2);
  width: 100%;
  min-height: 44px;
  padding: 0 var(--lk-space-4);
  border: 1px solid transparent;
  border-radius: var(--lk-radius-control);
  font: inherit;
  font-weight: 600;
  font-size: 15px;
  cursor: pointer;
  transition: background-color 150ms, opacity 150ms, border-color 150ms;
}
.lk-button:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-button:disabled,
.lk-button[aria-disabled='true'] { cursor: not-allowed; opacity: 0.45; }
.lk-button--primary { background: var(--lk-accent); color: var(--lk-accent-foreground); }
.lk-button--primary:not(:disabled):hover { filter: brightness(1.08); }
.lk-button--secondary { background: var(--lk-surface); color: var(--lk-foreground); border-color: var(--lk-border); }
.lk-button--secondary:not(:disabled):hover { border-color: var(--lk-muted); }
.lk-button--link {
  width: auto;
  min-height: 0;
  padding: 2px var(--lk-space-1);
  background: none;
  color: var(--lk-accent);
  font-weight: 600;
  font-size: inherit;
}
.lk-button--link:not(:disabled):hover { text-decoration: underline; }
@media (prefers-reduced-motion: reduce) { .lk-button { transition: none; } }
`;
