/** The email method: one input with the Submit button inside it, on the right. */
export const emailLoginMethodCss = `
.lk-email { display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-email__field {
  display: flex;
  align-items: center;
  gap: var(--lk-space-2);
  height: 50px;
  padding: 0 var(--lk-space-1) 0 var(--lk-space-3);
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
  background: var(--lk-background);
  transition: border-color 150ms, box-shadow 150ms;
}
.lk-email__field:focus-within { border-color: var(--lk-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.lk-email__field[data-invalid="true"] { border-color: var(--lk-danger); }
.lk-email__icon { display: flex; color: var(--lk-muted); }
.lk-email__icon svg { width: 20px; height: 20px; }
.lk-email__input {
  flex: 1;
  min-width: 0;
  height: 100%;
  border: none;
  outline: none;
  background: transparent;
  color: var(--lk-foreground);
  font: inherit;
  font-size: 16px;
}
.lk-email__input::placeholder { color: var(--lk-muted); opacity: 0.8; }
.lk-email .lk-button { width: auto; min-height: 38px; padding: 0 var(--lk-space-3); font-size: 14px; }
.lk-email__error { margin: 0; font-size: 13px; color: var(--lk-danger); }
.lk-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .lk-email__field { transition: none; } }
`;
