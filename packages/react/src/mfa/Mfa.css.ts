/**
 * The MFA screens (issue 15): the 6-digit code field, the method rows of the chooser and the
 * enrolment list (with the link screens' row look, `methods/link.css.ts`), the TOTP QR code and
 * setup key.
 */
export const mfaCss = `
.lk-mfa { display: flex; flex-direction: column; gap: var(--lk-space-3); }
.lk-mfa__form { display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-mfa__label { font-size: 13px; font-weight: 600; color: var(--lk-foreground); }
.lk-mfa__code {
  height: 52px; padding: 0 var(--lk-space-3); border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control); background: var(--lk-background); color: var(--lk-foreground);
  font: inherit; font-size: 22px; letter-spacing: 0.35em; text-align: center; font-variant-numeric: tabular-nums;
  outline: none; transition: border-color 150ms, box-shadow 150ms; width: 100%; box-sizing: border-box;
}
.lk-mfa__code:focus { border-color: var(--lk-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.lk-mfa__code[aria-invalid="true"] { border-color: var(--lk-danger); }
.lk-mfa__code::placeholder { color: var(--lk-muted); letter-spacing: 0.35em; }
.lk-mfa__message { margin: 0; min-height: 18px; font-size: 13px; text-align: center; color: var(--lk-danger); }
.lk-mfa__message[data-tone="info"] { color: var(--lk-muted); }
.lk-mfa__links { display: flex; flex-wrap: wrap; justify-content: center; gap: var(--lk-space-1) var(--lk-space-4); }
.lk-mfa__links .lk-button { width: auto; }
.lk-mfa .lk-link__item-name { white-space: normal; }
.lk-mfa__method { width: 100%; text-align: left; background: var(--lk-background); color: var(--lk-foreground); font: inherit; cursor: pointer; }
.lk-mfa__method:hover:not(:disabled) { border-color: var(--lk-accent); }
.lk-mfa__method:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-mfa__method:disabled { cursor: default; opacity: 0.6; }
.lk-mfa__icon { flex: none; display: inline-flex; width: 32px; height: 32px; align-items: center; justify-content: center; border-radius: 50%; background: color-mix(in srgb, var(--lk-accent) 12%, transparent); color: var(--lk-accent); }
.lk-mfa__icon svg { width: 18px; height: 18px; }
.lk-mfa__badge { display: inline-block; margin-left: var(--lk-space-2); vertical-align: 1px; padding: 0 var(--lk-space-2); line-height: 18px; border-radius: 999px; font-size: 12px; font-weight: 600; color: var(--lk-success, #15803d); background: color-mix(in srgb, var(--lk-success, #15803d) 14%, transparent); }
.lk-mfa__qr { display: flex; justify-content: center; }
.lk-mfa__qr img { width: 184px; height: 184px; border-radius: var(--lk-radius-control); background: #fff; padding: var(--lk-space-2); border: 1px solid var(--lk-border); }
.lk-mfa__secret { display: flex; align-items: center; gap: var(--lk-space-2); padding: var(--lk-space-2) var(--lk-space-2) var(--lk-space-2) var(--lk-space-3); border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); }
.lk-mfa__secret code { flex: 1; min-width: 0; word-spacing: 0.15em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; overflow-wrap: anywhere; color: var(--lk-foreground); }
.lk-mfa__secret .lk-button { width: auto; height: 32px; padding: 0 var(--lk-space-3); }
.lk-mfa__busy { display: flex; justify-content: center; padding: var(--lk-space-3) 0; }
`;
