/** Six code boxes; `data-state` tints them while verifying, on success and on an invalid code. */
export const codeInputCss = `
.lk-code { display: flex; justify-content: center; gap: var(--lk-space-2); }
.lk-code__box {
  width: 44px;
  height: 54px;
  padding: 0;
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
  background: var(--lk-background);
  color: var(--lk-foreground);
  font: inherit;
  font-size: 22px;
  font-weight: 600;
  text-align: center;
  caret-color: var(--lk-accent);
  transition: border-color 150ms, box-shadow 150ms, background-color 150ms;
}
.lk-code__box:focus { outline: none; border-color: var(--lk-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.lk-code[data-state="invalid"] .lk-code__box { border-color: var(--lk-danger); color: var(--lk-danger); }
.lk-code[data-state="success"] .lk-code__box { border-color: var(--lk-success); color: var(--lk-success); }
.lk-code[data-state="verifying"] .lk-code__box { opacity: 0.6; }
@media (max-width: 360px) { .lk-code { gap: var(--lk-space-1); } .lk-code__box { width: 40px; height: 50px; } }
@media (prefers-reduced-motion: reduce) { .lk-code__box { transition: none; } }
`;
