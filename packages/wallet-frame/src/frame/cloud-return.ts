import { OAUTH_QUERY, RECOVERY_OAUTH_MESSAGE_TYPE } from '@latchkey/api';
import { elementMaker } from './dom.ts';
import { localizeFrame } from './locales/index.ts';
import { applyFrameTheme, frameThemeFromSearch } from './theme.ts';

/** The part of `window` the return page uses (a real window, or a fake in tests). */
export interface CloudReturnWindow {
  location: { search: string; origin: string; pathname: string };
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  close(): void;
  history?: { replaceState(data: unknown, unused: string, url?: string): void };
}

/**
 * The cloud recovery pop-up's return page (`mode: cloud-return`, `ROUTES.walletCloudReturn`;
 * issue 23): the recovery OAuth callback sends the pop-up here with `latchkey_oauth_code`,
 * `latchkey_oauth_state` and `latchkey_oauth_provider`. The page posts `{type:
 * RECOVERY_OAUTH_MESSAGE_TYPE, code, state, provider}` to its opener at ITS OWN origin only (the
 * cloud page, on the same API origin; an opener of any other origin never receives it), drops
 * the query from its URL and closes. Without an opener (opened by hand, or severed by a
 * provider's Cross-Origin-Opener-Policy) or without a code and state it shows 'You can close
 * this window.' The code is useless without the frame's PKCE verifier and DPoP key.
 * @returns `posted` when the opener was told, `shown` otherwise.
 */
export function runCloudReturn(win: CloudReturnWindow, doc: Document): 'posted' | 'shown' {
  const search = win.location.search;
  const params = new URLSearchParams(search);
  const code = params.get(OAUTH_QUERY.code);
  const state = params.get(OAUTH_QUERY.state);
  const provider = params.get(OAUTH_QUERY.provider);
  try {
    win.history?.replaceState(null, '', win.location.pathname);
  } catch {
    // Only tidiness.
  }
  let opener: CloudReturnWindow['opener'];
  try {
    opener = win.opener;
  } catch {
    opener = null;
  }
  if (opener && code && state) {
    opener.postMessage(
      { type: RECOVERY_OAUTH_MESSAGE_TYPE, code, state, provider },
      win.location.origin,
    );
    win.close();
  }
  // Shown when nobody was told, or when the browser keeps the window open.
  applyFrameTheme(doc, frameThemeFromSearch(search));
  const { messages } = localizeFrame(doc);
  const el = elementMaker(doc);
  const main = el('main', 'lk-pwf lk-cloud');
  main.setAttribute('data-state', 'done');
  const text = el('h1', 'lk-pwf__done', messages.cloud.closeWindow);
  text.setAttribute('data-testid', 'cloud-return');
  main.append(text);
  doc.body.append(main);
  return opener && code && state ? 'posted' : 'shown';
}
