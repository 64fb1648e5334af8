/**
 * The cloud recovery frame (issue 23): 120 px until its page first reports its content's height;
 * then `useFrameHeight` sets it inline within `CLOUD_FRAME_HEIGHT` and the modal card's room.
 * The iframe is in the flow, so nothing of the modal overlaps it.
 */
export const cloudFrameCss = `
.lk-cloudframe { --lk-cloud-frame-height: 120px; position: relative; }
.lk-cloudframe iframe { display: block; width: 100%; height: var(--lk-cloud-frame-height); border: 0; background: transparent; color-scheme: normal; }
.lk-cloudframe[data-state="connecting"] iframe, .lk-cloudframe[data-state="redirect"] iframe { visibility: hidden; }
.lk-cloudframe__busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
`;
