import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { passwordUpdateSplashCss } from './EmbeddedWalletPasswordUpdateSplash.css.ts';

/** The 'Why do I need to secure my account?' explainer listing backup methods (spec section 2). */
export function WhySecure({ messages: m }: { messages: Messages }) {
  useStyleSheet(passwordUpdateSplashCss);
  return (
    <details className="lk-why">
      <summary>{m.whySecureTitle}</summary>
      <p>{m.whySecureDetail}</p>
      <ul>
        <li>{m.backupGoogleDrive}</li>
        <li>{m.backupIcloud}</li>
        <li>{m.backupPassword}</li>
      </ul>
    </details>
  );
}
