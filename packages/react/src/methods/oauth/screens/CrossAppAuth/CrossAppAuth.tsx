import { formatMessage, isCrossAppLoginItem, SCREEN } from '@latchkey/core';
import { oauthFailure, oauthMessages } from '@latchkey/core/oauth';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useCrossAppConnection } from '../../crossApp.tsx';
import { ProviderLoginSteps, useProviderRun } from '../ProviderLoginSteps.tsx';

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
  const { client } = useInternalLatchkey('CrossAppAuth');
  const { params, messages: m } = useModal();
  const provider = String(params.oauth?.provider ?? '');
  const app = useCrossAppConnection(provider)?.provider_app_name ?? m.crossAppAnotherApp;
  const { step, retry } = useProviderRun({
    first: params.oauth?.result ?? null,
    fallbackCode: 'cross_app_failed',
    screen: SCREEN.CROSS_APP_AUTH_SCREEN,
    provider: isCrossAppLoginItem(provider) ? provider : null,
    login: (p, captcha) => client.initOAuth(p, captcha),
    link: (p) => client.linkOAuth(p),
  });
  const failure = step.kind === 'failed' ? crossAppFailure(step.code, app, m) : undefined;
  return (
    <ProviderLoginSteps
      kind="cross-app"
      step={step}
      retryable={(failure?.retryable ?? false) && isCrossAppLoginItem(provider)}
      onRetry={retry}
      texts={{
        connectingTitle: formatMessage(m.crossAppConnectingTitle, { app }),
        connectingDetail: formatMessage(m.crossAppConnectingDetail, { app }),
        connectingStatus: m.verifying,
        connectedTitle: formatMessage(m.crossAppConnectedTitle, { app }),
        connectedDetail: m.crossAppConnectedDetail,
        failedTitle: m.crossAppFailedTitle,
        failedDetail: failure?.detail ?? '',
        retry: m.crossAppRetry,
        otherMethod: m.crossAppOtherMethod,
      }}
    />
  );
}
