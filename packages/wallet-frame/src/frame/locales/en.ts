/**
 * English texts of the wallet frame's visible pages (approve, export, password; issue 14
 * item 12): the source of truth. Every other locale (`es.ts`, `fr.ts`, ...) `satisfies`
 * {@link FrameMessages}, so a missing key fails typecheck; `locales.test.ts` checks that every
 * value is non-empty and keeps en's `{placeholders}`.
 *
 * These strings are built into the frame. The host page only picks a catalogue by its locale
 * TAG (`?locale=`); it can never pass texts of its own for them (security: a hostile host must
 * not relabel the approve button or soften a warning).
 */
const en = {
  /** Texts shared by the pages. */
  common: {
    /** Label before the wallet's address. */
    wallet: 'Wallet',
    copy: 'Copy',
    copied: 'Copied',
  },
  /** The approval page (approve-view.ts). */
  approve: {
    loading: 'Loading request…',
    /** Default button label for `personal_sign` / `eth_signTypedData_v4` (spec: sign-request UI). */
    sign: 'Sign and continue',
    /** Default button label for `eth_signTransaction` (spec: send-transaction screen, 'Submit'). */
    send: 'Submit',
    signing: 'Signing…',
    signed: 'Signed',
    /** Accessible name of the scrolling box with the request's details. */
    details: 'Request details',
    /** A click the click guard refused (the frame was covered, hidden or just shown). */
    refused: 'Make sure this window is fully visible, then try again.',
    failed: 'Unable to sign this request. Close this window and try again.',
  },
  /**
   * What the approval page says of a request (custody/describe.ts): headings, row labels and
   * the words among values. Numbers and dates go through Intl in the page's locale.
   */
  describe: {
    message: 'Message',
    transaction: 'Transaction',
    send: 'Send',
    contractCall: 'Contract call',
    contractDeployment: 'Contract deployment',
    tokenTransfer: 'Token transfer',
    tokenApproval: 'Token approval',
    tokenPermit: 'Token permit',
    tokenPermit2: 'Token permit (Permit2)',
    tokenTransferPermit2: 'Token transfer permit (Permit2)',
    permit: 'Permit',
    domain: 'Domain',
    /** `{type}`: the typed data's primary type, e.g. 'Mail fields'. */
    fields: '{type} fields',
    name: 'Name',
    version: 'Version',
    chain: 'Chain',
    contract: 'Contract',
    salt: 'Salt',
    network: 'Network',
    to: 'To',
    from: 'From',
    owner: 'Owner',
    spender: 'Spender',
    token: 'Token',
    amount: 'Amount',
    expires: 'Expires',
    function: 'Function',
    data: 'Data',
    maxFee: 'Max network fee',
    unknown: 'Unknown',
    unlimited: 'Unlimited',
    never: 'Never',
    empty: '(empty)',
    /** `{amount}`: a token amount in its smallest unit (the page knows no token decimals). */
    baseUnits: '{amount} (base units)',
    unlimitedWarning:
      'This grants the spender an unlimited amount of this token until you revoke it.',
    /** `{chainId}`: the chain id the typed data names. */
    otherChain: 'This signature is for another chain ({chainId}).',
  },
  /**
   * What the approval page says of a Solana request (custody/describe-solana.ts; issue 22 item
   * 2). Program names (System Program, Memo, ...) are proper names and are not translated.
   */
  solana: {
    /** Heading of a transaction that sends SOL from the wallet. */
    sendSol: 'Send SOL',
    /** Heading of a message's section (the network). */
    details: 'Details',
    feePayer: 'Fee payer',
    /** 5000 lamports per signature plus the Compute Budget priority fee. */
    networkFee: 'Network fee (estimated)',
    /** What the wallet pays at most: the SOL it sends plus the fee. */
    totalMax: 'Total (max)',
    /** `{amount}`: e.g. '0.25 SOL'; `{address}`: the recipient's whole address. */
    sendTo: 'Send {amount} to {address}',
    transfer: 'Transfer',
    /** `{index}`: 1, 2, ...; `{program}`: the program's name or its shortened address. */
    instruction: 'Instruction {index}: {program}',
    program: 'Program',
    /** Label of a known instruction's name (e.g. 'CreateAccount'). */
    kind: 'Instruction',
    /** `{index}`: the account's position in the instruction, 1, 2, ... */
    account: 'Account {index}',
    signer: 'signer',
    writable: 'writable',
    readonly: 'read-only',
    /** An account loaded from an address lookup table: `{table}` shortened, `{index}` its entry. */
    lookupAccount: 'from lookup table {table} (#{index})',
    lookupWarning:
      'Some accounts come from address lookup tables: their addresses cannot be shown here.',
    memo: 'Memo',
    unitPrice: 'Compute unit price',
    /** `{amount}`: micro-lamports per compute unit. */
    microLamports: '{amount} micro-lamports',
    unitLimit: 'Compute unit limit',
    /** Heading of a transaction that sends SPL tokens signed by the wallet (and no SOL). */
    sendTokens: 'Send tokens',
    /**
     * A `TransferChecked`: `{amount}` exact, with the instruction's decimals (e.g. '1.5');
     * `{mint}` the token's mint, shortened; `{destination}` the whole receiving token account.
     */
    sendTokensTo: 'Send {amount} tokens of {mint} to {destination}',
    /** An unchecked `Transfer`: `{amount}` in the token's smallest units; accounts whole. */
    sendBaseUnits: 'Send {amount} base units from {source} to {destination}',
    /** Label of the row that says why a `Transfer`'s amount is in base units. */
    caution: 'Caution',
    baseUnitsCaution:
      "The amount is in the token's smallest units: the mint's decimals are not in the transaction.",
    /** Label of a token's mint address. */
    mint: 'Token mint',
    /** Label of the owner or delegate that signs for a token account. */
    authority: 'Owner or delegate',
    /** Label of an `Approve` / `ApproveChecked` row. */
    delegation: 'Delegation',
    /** `{delegate}` whole; `{amount}` e.g. '1.5 tokens of AbCd…WxYz' or '1,000 base units'. */
    allowsSpend: 'Allows {delegate} to spend up to {amount} from {source}',
    /** An `ApproveChecked` or `BurnChecked` amount: `{amount}` exact, `{mint}` shortened. */
    tokensOf: '{amount} tokens of {mint}',
    /** An amount in the token's smallest units (no decimals in the instruction). */
    baseUnits: '{amount} base units',
    delegationWarning:
      'This transaction lets another account spend your tokens. Approve it only if you trust that account.',
    /** Label of a `SetAuthority` row. */
    authorityChange: 'Authority change',
    /** `{type}`: MintTokens, FreezeAccount, AccountOwner, CloseAccount; addresses whole. */
    setAuthority: 'Sets the {type} authority of {account} to {authority}',
    removeAuthority: 'Removes the {type} authority of {account}',
    authorityWarning:
      'This transaction changes who controls a token account or mint. Approve it only if you meant to.',
    /** Label of a `CloseAccount` row. */
    closeAccount: 'Close account',
    /** `{account}`: the token account closed; `{destination}`: who gets its SOL. */
    closesAccount: 'Closes token account {account}; its SOL goes to {destination}',
    closeWarning:
      'This transaction closes a token account. Check that the account receiving its SOL is yours.',
    /** Label of a `Burn` / `BurnChecked` row. */
    burn: 'Burn',
    /** `{amount}`: tokens or base units; `{account}`: the token account, whole. */
    burnsFrom: 'Burns {amount} from {account}',
    /** Label of a `MintTo` / `MintToChecked` row. */
    mintTo: 'Mint',
    /** `{amount}`: tokens or base units of the mint; `{account}`: the receiving token account. */
    mintsTo: 'Mints {amount} to {account}',
    /** Label of an Associated Token Account `Create` / `CreateIdempotent` row. */
    tokenAccount: 'Token account',
    /** `{owner}` whole; `{mint}` shortened. */
    createTokenAccount: 'Create token account for {owner} ({mint})',
  },
  /** The key export page (export-page.ts). */
  export: {
    title: 'Never share your private key',
    warning:
      'It is the master password of your wallet. Anyone who has it has full control of your wallet and its funds, and Latchkey cannot recover them.',
    hidden: 'Hidden until you choose Reveal',
    reveal: 'Reveal',
    revealing: 'Revealing…',
    hide: 'Hide',
    failed: 'Unable to show your private key. Please close this window and try again.',
  },
  /** The password page (password-view.ts; spec sections 2, 5 and 8). */
  password: {
    /** The page's own (visually hidden) level-one heading; the host screen shows its title. */
    pageTitle: 'Wallet password',
    passwordLabel: 'Password',
    confirmLabel: 'Confirm password',
    show: 'Show password',
    hide: 'Hide password',
    /** `{label}` is one of strengthWeak / strengthMedium / strengthStrong. */
    strength: 'Strength: {label}',
    strengthWeak: 'Weak',
    strengthMedium: 'Medium',
    strengthStrong: 'Strong',
    /** Spec section 5: fewer than 6 characters. */
    tooShort: 'Password must be at least 6 characters',
    /** Spec section 5: `{characters}` lists the characters not allowed, space-separated. */
    invalidCharacters: 'Invalid characters used ( {characters} )',
    mismatch: 'Passwords do not match',
    generate: 'Generate a password',
    continue: 'Continue',
    back: '‹ Back',
    /** `{step}` of `{total}` steps, e.g. '1 / 4'. */
    step: '{step} / {total}',
    saveTitle: 'Save your password',
    saveDetail: 'Keep it somewhere safe. We cannot recover it for you.',
    download: 'Download',
    confirmTitle: 'Confirm your password',
    confirmDetail: 'Type your password again.',
    finalizeTitle: 'Confirm you saved it',
    acknowledgement:
      'I understand that if I lose my password and device, I will lose access to my account and my assets.',
    setPassword: 'Set Password',
    settingPassword: 'Setting password…',
    done: 'Your wallet is now secured with your password.',
    failed: 'Something went wrong. Please close this window and try again.',
    recover: 'Recover wallet',
    recovering: 'Recovering…',
    recovered: 'Your wallet is restored on this device.',
    invalidPassword: 'Invalid recovery password, please try again.',
    unableToRecover: 'Unable to recover wallet',
    attemptsExceeded: 'Too many password attempts.',
    retryLater: 'Please try again later.',
    /** `{time}`: the local time of the next allowed attempt (Intl.DateTimeFormat, hour:minute). */
    retryAt: 'You can try again at {time}.',
  },
  /** The key import page (import-view.ts; issue 22 item 4). */
  import: {
    /** The page's own (visually hidden) level-one heading; the host screen shows its title. */
    pageTitle: 'Import a wallet',
    keyLabel: 'Private key',
    show: 'Show private key',
    hide: 'Hide private key',
    invalidKey: 'This is not a valid Ethereum private key.',
    /** Issue 22 item 4: a Solana key is its 64-byte secret key (base58 or a JSON byte array). */
    invalidSolanaKey: 'This is not a valid Solana private key.',
    addressLabel: 'Address of this key',
    checkAddress: 'Check that this is the address of the wallet you want to import.',
    submit: 'Import wallet',
    importing: 'Importing…',
    done: 'Your wallet is imported.',
    /** Spec section 5: one embedded wallet per user. */
    exists: 'You already have an embedded wallet. Only one wallet per user is allowed.',
    taken: 'This wallet is already used by another account.',
    /** Spec section 9: the import did not finish within 15 s. */
    timedOut: 'The import took too long. Please close this window and try again.',
    failed: 'Unable to import this key. Please close this window and try again.',
  },
  /** The cloud recovery page (cloud-view.ts) and its pop-up return page (issue 23). */
  cloud: {
    /** The page's own (visually hidden) level-one heading; the host screen shows its title. */
    pageTitle: 'Cloud backup',
    /** The button that opens the provider's pop-up ({provider}: Google Drive or iCloud). */
    continueWith: 'Continue with {provider}',
    /** The button after a redirect came back (the flow is finished with its code). */
    continueReturn: 'Continue',
    tryAgain: 'Try again',
    waiting: 'Continue in the {provider} window.',
    working: 'One moment…',
    redirecting: 'Opening {provider}…',
    backedUp: 'Your wallet is backed up to {provider}.',
    recovered: 'Your wallet is recovered.',
    /** Spec section 8, Recovery OAuth: the user denied at the provider. */
    denied: 'User denied confirmation during OAuth flow',
    /** Spec section 8: the provider refused the code. */
    invalidCode: 'Invalid code during OAuth flow.',
    /** Spec section 8: '{Recovery|Back up} with {provider} unsuccessful'. */
    recoveryUnsuccessful: 'Recovery with {provider} unsuccessful',
    backupUnsuccessful: 'Back up with {provider} unsuccessful',
    /** Spec section 8: the hint under it when the cloud holds no (or another wallet's) backup. */
    accountHint:
      'Please verify that you are selecting the {provider} account associated with your backup.',
    /** Spec section 5: a state code that is not this flow's. */
    unexpected: 'Unexpected auth flow. This may be a phishing attempt.',
    popupBlocked: 'Allow pop-ups to continue with {provider}.',
    popupClosed: 'The {provider} window was closed.',
    timedOut: 'The {provider} sign-in took too long.',
    refused: 'Make sure this window is fully visible, then try again.',
    /** The pop-up's return page when it has no opener to tell. */
    closeWindow: 'You can close this window.',
  },
} as const;

/** The shape every frame catalogue has: en's keys, string values. */
export type FrameMessages = {
  readonly [S in keyof typeof en]: { readonly [K in keyof (typeof en)[S]]: string };
};

export default en satisfies FrameMessages;
