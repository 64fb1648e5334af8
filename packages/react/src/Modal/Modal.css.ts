import {
  MOBILE_BREAKPOINT_PX,
  MODAL_HEIGHT_FULL_PX,
  MODAL_TRANSITION_MS,
  MODAL_WIDTH_PX,
} from '@latchkey/api';

/**
 * The modal frame: overlay, card, close button, transitions (spec sections 2 and 9:
 * 360 px wide from tablets up, a full-width bottom sheet below 440 px, 150 ms transitions).
 * Class names are stable and readable (`lk-*`) so hosts can target them through `::part`-free
 * theming variables; animations are off under `prefers-reduced-motion`.
 *
 * Issue 14 item 2 ("No flicker, no jumps"): the card's padding is on `.lk-card__content`, whose
 * height `useAnimatedHeight` copies onto the card as an explicit `height`; the card's `height`
 * transition then animates every change of content (a new screen, an error line) over the
 * modal's 150 ms, and the centred card (or the bottom sheet) moves with it instead of jumping.
 * While it moves (`data-resizing`) the card clips instead of scrolling. While an opening modal
 * fetches its first screen (`data-loading`, the Suspense fallback) the frame is hidden and its
 * entry animation waits.
 */
export const modalCss = `
:host { all: initial; display: block; }
.lk-root {
  font-family: var(--lk-font);
  color: var(--lk-foreground);
  font-size: 15px;
  line-height: 1.45;
  -webkit-font-smoothing: antialiased;
  text-align: left;
}
.lk-root *, .lk-root *::before, .lk-root *::after { box-sizing: border-box; }
.lk-overlay {
  position: fixed;
  top: var(--lk-vv-top, 0px);
  left: var(--lk-vv-left, 0px);
  width: var(--lk-vv-width, 100vw);
  height: var(--lk-vv-height, 100vh);
  height: var(--lk-vv-height, 100dvh);
  z-index: 2147483000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: var(--lk-space-4);
  background: var(--lk-overlay);
  animation: lk-fade-in ${MODAL_TRANSITION_MS}ms ease-out both;
}
.lk-overlay[data-loading], .lk-card[data-loading] { visibility: hidden; }
.lk-overlay[data-loading], .lk-overlay[data-loading] .lk-card { animation: none; }
.lk-overlay[data-state="closing"] { animation: lk-fade-out ${MODAL_TRANSITION_MS}ms ease-in both; }
.lk-card {
  position: relative;
  display: flex;
  flex-direction: column;
  width: ${MODAL_WIDTH_PX}px;
  max-width: 100%;
  max-height: min(${MODAL_HEIGHT_FULL_PX}px, 100%);
  /* The same bound as a length, for content that sizes itself to the card (the login list). */
  --lk-card-max: min(${MODAL_HEIGHT_FULL_PX}px, calc(var(--lk-vv-height, 100dvh) - 2 * var(--lk-space-4)));
  overflow-y: auto;
  background: var(--lk-background);
  border-radius: var(--lk-radius);
  box-shadow: var(--lk-shadow);
  outline: none;
  transition: height ${MODAL_TRANSITION_MS}ms ease-out;
}
.lk-card[data-resizing] { overflow: clip; }
.lk-card__content {
  display: flex;
  flex-direction: column;
  flex: none;
  padding: var(--lk-space-5) var(--lk-space-6) var(--lk-space-4);
}
.lk-overlay .lk-card { animation: lk-pop-in ${MODAL_TRANSITION_MS}ms ease-out both; }
.lk-overlay[data-state="closing"] .lk-card { animation: lk-pop-out ${MODAL_TRANSITION_MS}ms ease-in both; }
.lk-root--standalone .lk-card {
  margin: 0 auto;
  box-shadow: none;
  border: 1px solid var(--lk-border);
}
.lk-topbar {
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 32px;
  margin: calc(-1 * var(--lk-space-1)) calc(-1 * var(--lk-space-2)) var(--lk-space-1);
}
.lk-icon-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: none;
  border-radius: 8px;
  background: transparent;
  color: var(--lk-muted);
  cursor: pointer;
}
.lk-icon-button:hover { background: var(--lk-surface); color: var(--lk-foreground); }
.lk-icon-button:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 1px; }
.lk-icon-button svg { width: 18px; height: 18px; }
.lk-screen { display: flex; flex-direction: column; animation: lk-fade-in ${MODAL_TRANSITION_MS}ms ease-out both; }
.lk-screen[hidden] { display: none; }
.lk-loading { display: flex; justify-content: center; padding: var(--lk-space-12) 0; color: var(--lk-muted); }
.lk-spinner {
  width: 24px;
  height: 24px;
  border-radius: 50%;
  border: 2.5px solid var(--lk-border);
  border-top-color: var(--lk-accent);
  animation: lk-spin 700ms linear infinite;
}
@keyframes lk-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes lk-fade-out { from { opacity: 1; } to { opacity: 0; } }
@keyframes lk-pop-in { from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; } }
@keyframes lk-pop-out { from { opacity: 1; transform: none; } to { opacity: 0; transform: translateY(8px) scale(0.98); } }
@keyframes lk-sheet-in { from { transform: translateY(100%); } to { transform: none; } }
@keyframes lk-sheet-out { from { transform: none; } to { transform: translateY(100%); } }
@keyframes lk-spin { to { transform: rotate(360deg); } }
@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px) {
  .lk-overlay { align-items: flex-end; padding: 0; }
  .lk-overlay .lk-card {
    width: 100%;
    max-width: 100%;
    max-height: calc(100% - 24px);
    --lk-card-max: calc(var(--lk-vv-height, 100dvh) - 24px);
    border-radius: var(--lk-radius) var(--lk-radius) 0 0;
    animation-name: lk-sheet-in;
  }
  .lk-overlay .lk-card__content { padding-bottom: max(var(--lk-space-4), env(safe-area-inset-bottom)); }
  .lk-overlay[data-state="closing"] .lk-card { animation-name: lk-sheet-out; }
}
@media (prefers-reduced-motion: reduce) {
  .lk-overlay, .lk-overlay .lk-card, .lk-screen { animation: none !important; }
  .lk-card { transition: none; }
  .lk-spinner { animation-duration: 1.5s; }
}
`;
