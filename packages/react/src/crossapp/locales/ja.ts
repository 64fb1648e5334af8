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
};
export default ja;
