/**
 * `<LatchkeyButton/>`: the trigger and its account menu, in the host page (not the modal's
 * shadow root), so the theme variables are set on `.lk-latchkey-button` (see the component).
 * Stable `lk-latchkey-button*` classes a page can target.
 */
export const latchkeyButtonCss = `
.lk-latchkey-button {
  position: relative;
  display: inline-block;
  max-width: 100%;
  font-family: var(--lk-font);
}
.lk-latchkey-button__trigger {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--lk-space-2);
  min-width: 112px;
  max-width: 100%;
  min-height: 40px;
  padding: 0 var(--lk-space-4);
  border: 1px solid transparent;
  border-radius: var(--lk-radius-control);
  background: var(--lk-accent);
  color: var(--lk-accent-foreground);
  font: inherit;
  font-size: 15px;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  transition: filter 150ms, opacity 150ms;
}
.lk-latchkey-button__trigger:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-latchkey-button__trigger:disabled { cursor: not-allowed; opacity: 0.45; }
.lk-latchkey-button__trigger:not(:disabled):hover { filter: brightness(1.08); }
.lk-latchkey-button__trigger--account {
  background: var(--lk-surface);
  color: var(--lk-foreground);
  border-color: var(--lk-border);
  font-variant-numeric: tabular-nums;
}
.lk-latchkey-button__label { min-width: 0; max-width: 240px; overflow: hidden; text-overflow: ellipsis; }
.lk-latchkey-button__caret { font-size: 10px; opacity: 0.7; }
.lk-latchkey-button__popover {
  position: absolute;
  top: calc(100% + 6px);
  right: 0;
  z-index: 1000;
  box-sizing: border-box;
  width: max-content;
  min-width: 100%;
  max-width: min(320px, calc(100vw - 16px));
  padding: var(--lk-space-1);
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
  background: var(--lk-background);
  color: var(--lk-foreground);
  box-shadow: var(--lk-shadow);
}
.lk-latchkey-button__address {
  margin: 0;
  padding: var(--lk-space-2) var(--lk-space-3);
  color: var(--lk-muted);
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 12px;
  overflow-wrap: anywhere;
}
.lk-latchkey-button__menu { display: flex; flex-direction: column; gap: 2px; }
.lk-latchkey-button__item {
  display: block;
  width: 100%;
  padding: var(--lk-space-2) var(--lk-space-3);
  border: 0;
  border-radius: calc(var(--lk-radius-control) - 2px);
  background: none;
  color: inherit;
  font: inherit;
  font-size: 14px;
  text-align: left;
  cursor: pointer;
}
.lk-latchkey-button__item:hover, .lk-latchkey-button__item:focus { background: var(--lk-surface); outline: none; }
.lk-latchkey-button__item:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: -2px; }
.lk-latchkey-button__item--danger { color: var(--lk-danger); }
@media (prefers-reduced-motion: reduce) { .lk-latchkey-button__trigger { transition: none; } }
`;
