/** Key export: the wallet's export page in a frame; a spinner until it shows the key. */
export const keyExportCss = `
.lk-export__frame { position: relative; min-height: 120px; border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); overflow: hidden; background: var(--lk-surface); }
.lk-export__frame iframe { display: block; width: 100%; height: 340px; border: 0; background: transparent; }
.lk-export__frame[data-state="connecting"] iframe { visibility: hidden; }
.lk-export__busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
`;
