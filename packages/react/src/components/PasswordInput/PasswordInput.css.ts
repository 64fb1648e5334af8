/** Password field with a show/hide toggle inside it. */
export const passwordInputCss = `
.lk-password { display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-password__label { font-size: 13px; font-weight: 600; color: var(--lk-foreground); }
.lk-password__field { display: flex; align-items: center; gap: var(--lk-space-1); height: 48px; padding: 0 var(--lk-space-1) 0 var(--lk-space-3); border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-background); transition: border-color 150ms, box-shadow 150ms; }
.lk-password__field:focus-within { border-color: var(--lk-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.lk-password__field[data-invalid="true"] { border-color: var(--lk-danger); }
.lk-password__input { flex: 1; min-width: 0; height: 100%; border: none; outline: none; background: transparent; color: var(--lk-foreground); font: inherit; font-size: 16px; }
.lk-password__message { margin: 0; font-size: 13px; min-height: 18px; color: var(--lk-danger); }
`;
