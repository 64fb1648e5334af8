import { useEffect, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { phantomCss } from './Phantom.css.ts';

/** 'Still here?' shows this long after the redirect (spec section 4). */
export const PHANTOM_STILL_HERE_MS = 1000;
/** The App Store page of the Phantom app. */
export const PHANTOM_APP_STORE_URL =
  'https://apps.apple.com/app/phantom-crypto-wallet/id1598432977';

/** Phantom's universal link that opens `url` in the Phantom app's browser. */
export function phantomBrowseUrl(url: string, ref: string): string {
  return `https://phantom.app/ul/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`;
}

/**
 * The Phantom mobile redirect (spec sections 2 and 4): opens this page in the Phantom app;
 * after 1 s it shows 'Still here?' with a retry and, on iOS, 'Go to App Store'.
 */
export default function PhantomRedirect() {
  useStyleSheet(buttonCss);
  useStyleSheet(phantomCss);
  const { messages: m } = useModal();
  const [stillHere, setStillHere] = useState(false);
  const open = () => {
    window.location.assign(phantomBrowseUrl(window.location.href, window.location.origin));
  };
  useEffect(() => {
    open();
    const timer = setTimeout(() => setStillHere(true), PHANTOM_STILL_HERE_MS);
    return () => clearTimeout(timer);
  }, []);
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent);
  return (
    <div className="lk-phantom" data-still-here={stillHere}>
      <ModalHeader
        title={stillHere ? m.phantomRedirectStillHere : m.phantomRedirectTitle}
        icon={<WalletIcon />}
      />
      {stillHere && (
        <>
          <Button variant="primary" onClick={open}>
            {m.phantomRedirectRetry}
          </Button>
          {ios && (
            <a
              className="lk-button lk-button--secondary"
              href={PHANTOM_APP_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              {m.goToAppStore}
            </a>
          )}
        </>
      )}
    </div>
  );
}
