import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<
  Messages,
  | 'continueWithWallet'
  | 'moreWallets'
  | 'detectedWallet'
  | 'otherWallets'
  | 'awaitingConnectionTitle'
  | 'awaitingConnectionWaiting'
  | 'awaitingConnectionSwitching'
  | 'awaitingConnectionConnected'
  | 'awaitingConnectionVerifying'
  | 'awaitingConnectionSuccess'
  | 'signInButton'
  | 'useDifferentWallet'
  | 'siweStatement'
  | 'loginFailedTitle'
  | 'unableToConnectWallet'
  | 'walletUserRejected'
  | 'walletTimedOut'
  | 'walletUserExists'
  | 'walletGenericError'
  | 'walletNotInstalled'
  | 'phantomFailure'
  | 'inAppBrowserTitle'
  | 'inAppBrowserDetail'
  | 'phantomInterstitialTitle'
  | 'phantomInterstitialDetail'
  | 'installPhantom'
  | 'openInPhantomApp'
  | 'installPhantomTitle'
  | 'installPhantomStep1'
  | 'installPhantomStep2'
  | 'installPhantomStep3'
  | 'installPhantomStep4'
  | 'reloadPage'
  | 'phantomRedirectTitle'
  | 'phantomRedirectStillHere'
  | 'phantomRedirectRetry'
  | 'goToAppStore'
  | 'walletConnectTitle'
  | 'walletConnectDetail'
  | 'walletConnectUnavailable'
  | 'linkWalletTitle'
  | 'linkWalletDetail'
  | 'installWallet'
> = {
  continueWithWallet: 'ウォレットで続ける',
  moreWallets: 'その他のウォレット',
  detectedWallet: 'インストール済み',
  otherWallets: 'その他のウォレット',
  awaitingConnectionTitle: '{wallet} を待っています',
  awaitingConnectionWaiting: '{wallet} を開いて接続を承認してください。',
  awaitingConnectionSwitching: '{wallet} をサポートされているネットワークに切り替えています…',
  awaitingConnectionConnected:
    'このウォレットの所有者であることを証明するため、{wallet} でメッセージに署名してください。',
  awaitingConnectionVerifying: '確認しています…',
  awaitingConnectionSuccess: '接続しました',
  signInButton: '{wallet} で署名',
  useDifferentWallet: '別のウォレットを使用',
  siweStatement:
    '署名すると、このウォレットの所有者であることを証明してログインします。取引は開始されず、手数料もかかりません。',
  loginFailedTitle: 'ウォレットに接続できませんでした',
  unableToConnectWallet: 'ウォレットに接続できません',
  walletUserRejected: 'ウォレットでリクエストが拒否されました。',
  walletTimedOut: 'リクエストがタイムアウトしました。もう一度お試しください。',
  walletUserExists: 'このウォレットはすでに別のユーザーにリンクされています。',
  walletGenericError: 'ウォレットの接続中に問題が発生しました。',
  walletNotInstalled: '{wallet} はこのブラウザにインストールされていません。',
  phantomFailure:
    'Phantom のマルチチェーンが有効になっていることを確認して、もう一度お試しください。',
  inAppBrowserTitle: '外部ブラウザで開く',
  inAppBrowserDetail:
    'アプリ内ブラウザを使用しているようです。ログインするには、外部ブラウザでもう一度お試しください。',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    'このブラウザでは Phantom を利用できません。Phantom をインストールするか、Phantom アプリでこのページを開いてください。',
  installPhantom: 'Phantom をインストール',
  openInPhantomApp: 'Phantom アプリで開く',
  installPhantomTitle: 'Phantom を設定',
  installPhantomStep1: 'Phantom のブラウザ拡張機能をインストールします',
  installPhantomStep2: '新しいウォレットを作成するか、既存のウォレットをインポートします',
  installPhantomStep3: 'リカバリーフレーズを安全な場所に保管します',
  installPhantomStep4: 'このページを再読み込みします',
  reloadPage: 'ページを再読み込み',
  phantomRedirectTitle: 'Phantom を開いています…',
  phantomRedirectStillHere: '開きませんか?',
  phantomRedirectRetry: 'Phantom をもう一度開く',
  goToAppStore: 'App Store へ',
  walletConnectTitle: 'スマートフォンでスキャン',
  walletConnectDetail: 'WalletConnect 対応のウォレットでこのコードをスキャンしてください。',
  walletConnectUnavailable: 'このアプリでは WalletConnect が設定されていません。',
  linkWalletTitle: 'ウォレットをリンク',
  linkWalletDetail: 'メッセージに署名して、所有者であることを証明してください。',
  installWallet: '{wallet} をインストール',
};

export default ja;
