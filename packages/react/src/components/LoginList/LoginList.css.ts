/** The login list: at most 400 px tall (spec section 9), scrolling beyond. */
export const loginListCss = `
.lk-login-list { display: flex; flex-direction: column; gap: 10px; margin: 0; padding: 2px; list-style: none; max-height: 400px; overflow-y: auto; }
.lk-login-list__back { align-self: flex-start; }
.lk-login-list__method {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 50px; padding: 0 14px;
  border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control);
  background: var(--lk-background); color: var(--lk-foreground); font: inherit; font-size: 15px; font-weight: 500;
  text-align: left; cursor: pointer; transition: border-color 150ms;
}
.lk-login-list__method:hover, .lk-login-list__method:focus-visible { border-color: var(--lk-accent); }
.lk-login-list__method:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-login-list__method svg { width: 20px; height: 20px; color: var(--lk-muted); }
/* A provider's logo: drawn 20 px in a 28 px box, so its label lines up with the wallets'. */
.lk-login-list__method[data-method] svg { flex: none; width: 28px; }
.lk-login-list__method .lk-brand-icon { color: var(--lk-foreground); }
.lk-login-list__more { justify-content: space-between; color: var(--lk-muted); }
.lk-login-list__switch { align-self: center; }
@media (prefers-reduced-motion: reduce) { .lk-login-list__method { transition: none; } }
`;
