/**
 * The login list: at most 400 px tall (spec section 9), scrolling beyond, and shorter when the
 * modal card cannot hold it (issue 14 item 3): its cap is also the card's maximum height
 * (`--lk-card-max`, set with the card's own sizing in `Modal.css.ts`) less
 * everything else in the card (`--lk-list-rest`, measured by `useFitInCard`), and never under
 * two rows. So the list is the part that gives way, and the header, the links under the list
 * ('I have a passkey') and the footer keep their full height. When rows are hidden the
 * list fades out at that edge (`data-fade-top` / `data-fade-bottom`, set by `useScrollFade`), a
 * mask over the box, not the rows, so it stays put while the rows scroll under it. The scroll
 * padding keeps a row that keyboard focus scrolls into view clear of the fade (the same two
 * sizes, `--lk-fade-top-size` and `--lk-fade-bottom-size`). No animation.
 */
export const loginListCss = `
.lk-login-list {
  display: flex; flex-direction: column; gap: var(--lk-space-2); margin: 0; padding: 2px; list-style: none;
  max-height: max(120px, min(400px, calc(var(--lk-card-max, 400px) - var(--lk-list-rest, 0px))));
  min-height: 0; overflow-y: auto; overscroll-behavior: contain;
  --lk-fade-top-size: 32px; --lk-fade-bottom-size: 60px;
  scroll-padding-block: var(--lk-fade-top-size) var(--lk-fade-bottom-size);
  --lk-fade-top: #000; --lk-fade-bottom: #000;
}
.lk-login-list > li { flex: none; }
.lk-login-list[data-fade-top] { --lk-fade-top: transparent; }
.lk-login-list[data-fade-bottom] { --lk-fade-bottom: transparent; }
.lk-login-list[data-fade-top], .lk-login-list[data-fade-bottom] {
  -webkit-mask-image: linear-gradient(to bottom, var(--lk-fade-top), #000 var(--lk-fade-top-size), #000 calc(100% - var(--lk-fade-bottom-size)), var(--lk-fade-bottom));
  mask-image: linear-gradient(to bottom, var(--lk-fade-top), #000 var(--lk-fade-top-size), #000 calc(100% - var(--lk-fade-bottom-size)), var(--lk-fade-bottom));
}
.lk-login-list__links { flex: none; display: flex; flex-direction: column; gap: var(--lk-space-1); margin: var(--lk-space-1) 0 0; padding: 0; list-style: none; }
.lk-login-list__method {
  display: flex; align-items: center; gap: var(--lk-space-3); width: 100%; min-height: 50px; padding: 0 var(--lk-space-3);
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
/* Another app's logo (a cross-app provider, issue 21): the same 28 px box. */
.lk-login-list__method[data-method] img { flex: none; width: 28px; height: 28px; border-radius: 6px; object-fit: contain; }
.lk-login-list__more { justify-content: space-between; color: var(--lk-muted); }
.lk-login-list__switch { align-self: center; }
@media (prefers-reduced-motion: reduce) { .lk-login-list__method { transition: none; } }
`;
