import { formatMessage, isCrossAppLoginItem, SCREEN } from '@latchkey/core';
import { oauthFailure, oauthMessages } from '@latchkey/core/oauth';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useLoginRun } from '../../../../Modal/useLoginRun.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { oauthCaptchaOptions } from '../../captcha.ts';
import { useCrossAppConnection } from '../../crossApp.tsx';

type Messages = ReturnType<typeof useModal>['messages'];

/**
 * What a failed cross-app login or link says (spec section 8, "Cross-app"): the popup closed
 * ('User canceled flow'), 120 s passed ('Authorization request timed out after 2 minutes.'),
 * the provider does not serve this app ('Invalid connected app'), a state mismatch ('Unexpected
 * auth flow. This may be a phishing attempt.'); the account questions of any OAuth link (linked
 * to another user, one per provider) as OAuth words them; anything else 'There was an issue
 * connecting your {app} account. Please try again.'
 */
function crossAppFailure(code: string | undefined, app: string, m: Messages) {
  switch (code) {
    case 'cross_app_canceled':
      return { detail: m.crossAppCanceled, retryable: true };
    case 'cross_app_timeout':
      return { detail: m.crossAppTimedOut, retryable: true };
    case 'cross_app_invalid_connection':
      return { detail: m.crossAppInvalidApp, retryable: false };
    case 'oauth_unexpected':
      return { detail: m.crossAppUnexpectedFlow, retryable: false };
    case 'linked_to_another_user':
    case 'cannot_link_more_of_type':
    case 'too_many_requests': {
      const oauth = { ...oauthMessages, ...(m as Messages & Partial<typeof oauthMessages>) };
      const failure = oauthFailure(code, app, oauth);
      return { detail: failure.detail, retryable: failure.retryable };
    }
    default:
      return { detail: formatMessage(m.crossAppFailed, { app }), retryable: true };
  }
}

/**
 * CROSS_APP_AUTH_SCREEN (issue 21 item 3; spec sections 2, 4 "Cross-app auth", 8 and 9): a
 * login (or, with `params.mode === 'link'`, a link) with another Latchkey app's account,
 * `params.oauth.provider` = `latchkey:{providerAppId}`, whose 440x680 popup the click already
 * opened (`params.oauth.result`). 'connecting' while the provider's page is open, then
 * 'connected', which closes after 1.4 s like every login (`finishLogin`: consent, wallet
 * creation or close) or ends the link; or 'failed' with the section 8 text ({@link
 * crossAppFailure}) and, when it can help, 'Try again', which opens a new popup in its own
 * click (through the captcha gate when logging in). The provider app's name and logo come from
 * the app's connections (`client.getCrossAppConnections`).
 */
export default function CrossAppAuth() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('CrossAppAuth');
  const { params, messages: m, navigate, withCaptcha } = useModal();
  const linking = params.mode === 'link';
  const provider = String(params.oauth?.provider ?? '');
  const app = useCrossAppConnection(provider)?.provider_app_name ?? m.crossAppAnotherApp;
  const [run, setRun] = useState(() => params.oauth?.result ?? null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [step] = useLoginRun(run, linking, 'cross_app_failed');

  const retry = () => {
    if (!isCrossAppLoginItem(provider)) return;
    if (linking) {
      setRun(client.linkOAuth(provider));
      return;
    }
    // Opened in this click when a captcha token is ready; else CAPTCHA_SCREEN's Continue.
    void withCaptcha(
      (token) => {
        const next = client.initOAuth(provider, oauthCaptchaOptions(token));
        next.catch(() => {});
        if (mounted.current) setRun(next);
        else navigate(SCREEN.CROSS_APP_AUTH_SCREEN, { oauth: { provider, result: next } });
      },
      { gesture: true },
    );
  };

  if (step.kind === 'failed') {
    const failure = crossAppFailure(step.code, app, m);
    return (
      <div className="lk-error lk-oauth" data-cross-app-step="failed" data-error-code={step.code}>
        <ModalHeader
          title={m.crossAppFailedTitle}
          message={failure.detail}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {failure.retryable && isCrossAppLoginItem(provider) && (
          <Button variant="primary" onClick={retry}>
            {m.crossAppRetry}
          </Button>
        )}
        <Button variant="secondary" onClick={() => navigate(SCREEN.LANDING)}>
          {m.crossAppOtherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected' || step.kind === 'linked') {
    return (
      <div className="lk-oauth" data-cross-app-step="connected">
        <ModalHeader
          title={formatMessage(m.crossAppConnectedTitle, { app })}
          message={m.crossAppConnectedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  return (
    <div className="lk-oauth" data-cross-app-step="connecting">
      <ModalHeader
        title={formatMessage(m.crossAppConnectingTitle, { app })}
        message={formatMessage(m.crossAppConnectingDetail, { app })}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
      <p role="status" aria-live="polite">
        {m.verifying}
      </p>
    </div>
  );
}
