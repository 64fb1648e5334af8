import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<
  Messages,
  | 'iHaveAPasskey'
  | 'passkeyNotAllowed'
  | 'passkeyCannotLinkMore'
  | 'passkeyMfaUnlink'
  | 'passkeyUnknownError'
  | 'passkeyLoadingTitle'
  | 'passkeyLoadingDetail'
  | 'passkeySuccessTitle'
  | 'passkeySuccessDetail'
  | 'passkeyLinkedDetail'
  | 'passkeyErrorTitle'
  | 'passkeyRetry'
  | 'passkeySignUp'
  | 'linkPasskeyTitle'
  | 'linkPasskeyDetail'
  | 'noPasskeys'
  | 'addNewPasskey'
  | 'viewAllPasskeys'
  | 'removePasskey'
  | 'removingPasskey'
  | 'passkeyRemoved'
  | 'passkeyLimitReached'
  | 'passkeyLastUsed'
> = {
  iHaveAPasskey: 'パスキーを持っています',
  passkeyNotAllowed: 'パスキーのリクエストがタイムアウトしたか、ユーザーによって拒否されました。',
  passkeyCannotLinkMore: 'これ以上パスキーをアカウントにリンクできません。',
  passkeyMfaUnlink: '多要素認証に登録されているパスキーはリンクを解除できません',
  passkeyUnknownError: '不明なエラーが発生しました。',
  passkeyLoadingTitle: 'パスキーを待っています',
  passkeyLoadingDetail: 'ブラウザまたはデバイスの指示に従ってください。',
  passkeySuccessTitle: '完了しました',
  passkeySuccessDetail: 'パスキーでログインしました。',
  passkeyLinkedDetail: '新しいパスキーがアカウントに追加されました。',
  passkeyErrorTitle: 'パスキーを使用できませんでした',
  passkeyRetry: '再試行',
  passkeySignUp: 'パスキーで登録',
  linkPasskeyTitle: 'パスキー',
  linkPasskeyDetail: '顔認証、指紋認証、またはデバイスの PIN でログインできます。',
  noPasskeys: 'パスキーはまだありません。',
  addNewPasskey: 'パスキーを追加',
  viewAllPasskeys: 'すべて表示',
  removePasskey: '削除',
  removingPasskey: '削除しています…',
  passkeyRemoved: 'パスキーを削除しました。',
  passkeyLimitReached: 'パスキーの登録数が上限({max} 個)に達しています。',
  passkeyLastUsed: '最終使用:{date}',
};

export default ja;
