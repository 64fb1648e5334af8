import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<
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
  continueWithWallet: '使用钱包继续',
  moreWallets: '更多钱包',
  detectedWallet: '已安装',
  otherWallets: '其他钱包',
  awaitingConnectionTitle: '正在等待 {wallet}',
  awaitingConnectionWaiting: '打开 {wallet} 并批准连接。',
  awaitingConnectionSwitching: '正在将 {wallet} 切换到受支持的网络…',
  awaitingConnectionConnected: '在 {wallet} 中签署消息,以证明你拥有此钱包。',
  awaitingConnectionVerifying: '正在验证…',
  awaitingConnectionSuccess: '已连接',
  signInButton: '使用 {wallet} 签名',
  useDifferentWallet: '使用其他钱包',
  siweStatement: '签名即表示你证明自己拥有此钱包并登录。此操作不会发起交易,也不会产生任何费用。',
  loginFailedTitle: '无法连接钱包',
  unableToConnectWallet: '无法连接钱包',
  walletUserRejected: '你在钱包中拒绝了该请求。',
  walletTimedOut: '请求已超时,请重试。',
  walletUserExists: '此钱包已关联到其他用户。',
  walletGenericError: '连接钱包时出了点问题。',
  walletNotInstalled: '此浏览器中未安装 {wallet}。',
  phantomFailure: '请确认已启用 Phantom 多链功能,然后重试。',
  inAppBrowserTitle: '在外部浏览器中打开',
  inAppBrowserDetail: '你似乎正在使用应用内浏览器。要登录,请在外部浏览器中重试。',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    '此浏览器中无法使用 Phantom。请安装 Phantom,或在 Phantom App 中打开此页面。',
  installPhantom: '安装 Phantom',
  openInPhantomApp: '在 Phantom App 中打开',
  installPhantomTitle: '设置 Phantom',
  installPhantomStep1: '安装 Phantom 浏览器扩展',
  installPhantomStep2: '创建新钱包或导入现有钱包',
  installPhantomStep3: '将恢复短语保存在安全的地方',
  installPhantomStep4: '重新载入此页面',
  reloadPage: '重新载入页面',
  phantomRedirectTitle: '正在打开 Phantom…',
  phantomRedirectStillHere: '还在这里?',
  phantomRedirectRetry: '再次打开 Phantom',
  goToAppStore: '前往 App Store',
  walletConnectTitle: '使用手机扫描',
  walletConnectDetail: '使用兼容 WalletConnect 的钱包扫描此二维码。',
  walletConnectUnavailable: '此应用尚未配置 WalletConnect。',
  linkWalletTitle: '关联钱包',
  linkWalletDetail: '签署一条消息,以证明你拥有此钱包。',
  installWallet: '安装 {wallet}',
};

export default zh;
