import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 16; issue 14, item 12). */
const ja: Pick<
  Messages,
  | 'farcasterTimedOut'
  | 'farcasterOpeningTitle'
  | 'farcasterOpeningDetail'
  | 'farcasterTitle'
  | 'farcasterScanDetail'
  | 'farcasterQrAlt'
  | 'farcasterCopyLink'
  | 'farcasterOpenApp'
  | 'farcasterVerifyingTitle'
  | 'farcasterVerifyingDetail'
  | 'farcasterConnectedTitle'
  | 'farcasterConnectedDetail'
  | 'farcasterInvalidCredentials'
  | 'farcasterTooManyRequests'
  | 'farcasterCannotLinkMore'
  | 'farcasterSomethingWentWrong'
  | 'farcasterRetry'
  | 'farcasterSignerOpeningTitle'
  | 'farcasterSignerOpeningDetail'
  | 'farcasterSignerTitle'
  | 'farcasterSignerDetail'
  | 'farcasterSignerQrAlt'
  | 'farcasterSignerWaiting'
  | 'farcasterSignerApprovedTitle'
  | 'farcasterSignerApprovedDetail'
  | 'farcasterSignerFailedTitle'
  | 'farcasterSignerRejectedTitle'
  | 'farcasterSignerRejectedDetail'
> = {
  farcasterTimedOut: 'リクエストがタイムアウトしました。もう一度お試しください。',
  farcasterOpeningTitle: 'Farcaster に接続しています',
  farcasterOpeningDetail: 'サインイン用リンクを準備しています…',
  farcasterTitle: 'Farcaster でサインイン',
  farcasterScanDetail: 'スマートフォンのカメラでスキャンして続行してください。',
  farcasterQrAlt: 'Farcaster でサインインするための QR コード',
  farcasterCopyLink: 'リンクをコピー',
  farcasterOpenApp: 'Farcaster を開く',
  farcasterVerifyingTitle: 'Farcaster で確認しています',
  farcasterVerifyingDetail: 'Farcaster アカウントを確認しています…',
  farcasterConnectedTitle: 'Farcaster に接続しました',
  farcasterConnectedDetail: '準備完了です！',
  farcasterInvalidCredentials: '問題が発生しました。もう一度お試しください。',
  farcasterTooManyRequests: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
  farcasterCannotLinkMore: 'このユーザーに複数のアカウントを認証することはできません。',
  farcasterSomethingWentWrong: '問題が発生しました。もう一度やり直してください。',
  farcasterRetry: 'もう一度試す',
  farcasterSignerOpeningTitle: 'Farcaster の署名者を準備しています',
  farcasterSignerOpeningDetail: 'ウォレットから署名鍵を取得しています…',
  farcasterSignerTitle: 'Farcaster の署名者を追加',
  farcasterSignerDetail:
    'このアプリがあなたの代わりに投稿できるよう、Farcaster アプリで承認してください。スマートフォンのカメラでスキャンして開きます。',
  farcasterSignerQrAlt: 'Farcaster で署名者を承認するための QR コード',
  farcasterSignerWaiting: '承認を待っています…',
  farcasterSignerApprovedTitle: '署名者が承認されました',
  farcasterSignerApprovedDetail:
    'このアプリはあなたの代わりに Farcaster メッセージに署名できるようになりました。',
  farcasterSignerFailedTitle: '接続に失敗しました',
  farcasterSignerRejectedTitle: 'リクエストが拒否されました',
  farcasterSignerRejectedDetail: 'リクエストは拒否されました。もう一度お試しください。',
};

export default ja;
