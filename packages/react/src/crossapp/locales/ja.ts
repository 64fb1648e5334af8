import type { crossAppMessages } from '../messages.ts';

/** Japanese (ja) texts of the provider's sign-in page (issue 21). */
const ja: { [K in keyof typeof crossAppMessages]: string } = {
  crossAppSignInTitle: '{requester} にサインイン',
  crossAppSignInDetail: '{app} のアカウントで',
  crossAppConsentLead: '{requester} が受け取る情報:',
  crossAppScopeOpenid: '{app} のユーザー ID',
  crossAppScopeMailAddress: 'メールアドレス',
  crossAppScopeWallets: 'ウォレットアドレス',
  crossAppSigningNote:
    '{requester} は {app} のウォレットでメッセージやトランザクションへの署名を求めることがあります。署名はその都度ここで承認します。',
  crossAppReadOnlyNote:
    '{requester} はウォレットアドレスを読み取れますが、署名を求めることはできません。',
  crossAppSignedInAs: '{account} としてサインイン中',
  crossAppAllow: '許可',
  crossAppAllowing: '許可しています…',
  crossAppDecline: 'キャンセル',
  crossAppFailed: '{app} アカウントの接続中に問題が発生しました。もう一度お試しください。',
  crossAppTransactTitle: '{requester} が署名を求めています',
  crossAppTransactDetail: '{app} のアカウントから',
  crossAppTransactWaiting: 'リクエストを待っています…',
  crossAppTransactApprove: '以下のリクエストを確認し、承認または拒否してください。',
  crossAppTransactDone: '完了しました。このウィンドウは自動的に閉じます。',
  crossAppTransactNoOpener:
    'このページは別のアプリからのリクエストに応答します。そのアプリからリクエストを開始してください。',
  crossAppTransactSignMessage: 'メッセージに署名',
  crossAppTransactSignTypedData: '型付きデータに署名',
  crossAppTransactSendTransaction: 'トランザクションを送信',
  crossAppTransactReject: '拒否',
  crossAppAnotherApp: '別のアプリ',
  crossAppConnectingTitle: '{app} に接続しています',
  crossAppConnectingDetail: '開いたウィンドウで {app} アカウントにサインインしてください。',
  crossAppConnectedTitle: '{app} に接続しました',
  crossAppConnectedDetail: '準備完了です！',
  crossAppFailedTitle: '接続できませんでした',
  crossAppCanceled: 'ユーザーがフローをキャンセルしました',
  crossAppTimedOut: '認可リクエストは 2 分でタイムアウトしました。',
  crossAppInvalidApp: '無効な接続アプリです',
  crossAppUnexpectedFlow: '予期しない認証フローです。フィッシングの可能性があります。',
  crossAppRetry: '再試行',
  crossAppOtherMethod: '別の方法を使う',
};
export default ja;
