/** Key import: the wallet's import page in a frame; a spinner until it shows its input. */
export const walletImportCss = `
.lk-import__frame { position: relative; min-height: 120px; }
.lk-import__frame iframe { display: block; width: 100%; height: 300px; border: 0; background: transparent; }
.lk-import__frame[data-state="connecting"] iframe { visibility: hidden; }
.lk-import__busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
`;
