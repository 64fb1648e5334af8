/** The link screens (issue 6): header, then the input or list, evenly spaced. */
export const linkScreenCss = `
.lk-link { display: flex; flex-direction: column; gap: var(--lk-space-4); }
.lk-link__list { display: flex; flex-direction: column; gap: var(--lk-space-2); margin: 0; padding: 0; list-style: none; }
.lk-link__item {
  display: flex;
  align-items: center;
  gap: var(--lk-space-2);
  min-height: 52px;
  padding: var(--lk-space-2) var(--lk-space-2) var(--lk-space-2) var(--lk-space-3);
  border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius-control);
}
.lk-link__item-text { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.lk-link__item-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-link__item-detail { color: var(--lk-muted); font-size: 13px; }
.lk-link__item .lk-button { width: auto; height: 36px; padding: 0 var(--lk-space-3); }
.lk-link__note { margin: 0; color: var(--lk-muted); font-size: 14px; text-align: center; }
.lk-link__error { margin: 0; color: var(--lk-danger); font-size: 14px; text-align: center; }
`;
