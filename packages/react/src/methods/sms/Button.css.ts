/**
 * The SMS method: a compact country picker, the number input and Submit inside one field.
 * Spacing is tight enough, and the placeholder 13 px (the typed number stays 16 px, so iOS does
 * not zoom), that the longest example number (Russia's '8 (912) 345-67-89') fits the 360 px
 * card (issue 14 item 10); an ellipsis is the last resort.
 */
export const smsLoginMethodCss = `
.lk-sms { display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-sms__field {
  display: flex;
  align-items: center;
  gap: var(--lk-space-1);
  height: 50px;
  padding: 0 var(--lk-space-1) 0 var(--lk-space-2);
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
  background: var(--lk-background);
  transition: border-color 150ms, box-shadow 150ms;
}
.lk-sms__field:focus-within { border-color: var(--lk-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.lk-sms__field[data-invalid="true"] { border-color: var(--lk-danger); }
.lk-sms__country {
  position: relative;
  display: flex;
  align-items: center;
  gap: var(--lk-space-1);
  height: 34px;
  padding: 0 var(--lk-space-2);
  border-radius: 8px;
  background: color-mix(in srgb, var(--lk-foreground) 6%, transparent);
  color: var(--lk-foreground);
  font-size: 14px;
  white-space: nowrap;
}
.lk-sms__country:focus-within { outline: 2px solid var(--lk-accent); outline-offset: 1px; }
.lk-sms__country svg { width: 12px; height: 12px; color: var(--lk-muted); }
.lk-sms__select {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  opacity: 0;
  cursor: pointer;
  font-size: 16px;
}
.lk-sms__input {
  flex: 1;
  min-width: 0;
  height: 100%;
  padding: 0;
  border: none;
  outline: none;
  background: transparent;
  color: var(--lk-foreground);
  font: inherit;
  font-size: 16px;
  text-overflow: ellipsis;
}
.lk-sms__input::placeholder { color: var(--lk-muted); opacity: 0.8; font-size: 13px; }
.lk-sms .lk-button { width: auto; flex: none; min-height: 38px; padding: 0 var(--lk-space-2); font-size: 14px; }
.lk-sms__error { margin: 0; font-size: 13px; color: var(--lk-danger); }
.lk-sms__loading { margin: 0; height: 50px; display: flex; align-items: center; justify-content: center; color: var(--lk-muted); font-size: 14px; }
.lk-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .lk-sms__field { transition: none; } }
`;
