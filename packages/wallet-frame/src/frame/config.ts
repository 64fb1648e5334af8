/** The frame pages (`FrameConfig.mode`). */
export const FRAME_MODES = [
  'wallet',
  'export',
  'approve',
  'password',
  'import',
  'cloud',
  'cloud-return',
] as const;
export type FrameMode = (typeof FRAME_MODES)[number];

/** What the server tells the frame page in `<meta name="latchkey-config" content="{json}">`. */
export interface FrameConfig {
  appId: string;
  /** The API base URL; the frame runs on its origin, so its calls are same-origin. */
  apiUrl: string;
  /** The app's allowed origins: the only parents the frame talks to. */
  allowedOrigins: string[];
  /**
   * `wallet`: the hidden frame; `export`: the visible key-export page; `approve`: the visible
   * approval page of one signing request; `password`: the visible recovery-password page
   * (issue 24); `import`: the visible key import page (issue 22 item 4); `cloud`: the visible
   * cloud recovery page (issue 23); `cloud-return`: its pop-up's return page, not framed, which
   * only tells its opener the provider's answer.
   */
  mode: FrameMode;
  /**
   * Idle window of the wallet frame's key cache in ms (issue 13): the rebuilt key is zeroed this
   * long after its last use. Optional; default 60000 (`DEFAULT_KEY_IDLE_MS`); 0 disables it.
   */
  keyIdleMs?: number;
}

/**
 * Reads and checks the frame's config meta tag.
 * @throws Error when the tag is missing or malformed (the frame then stays silent).
 */
export function readFrameConfig(doc: Pick<Document, 'querySelector'>): FrameConfig {
  const content = doc.querySelector('meta[name="latchkey-config"]')?.getAttribute('content');
  if (!content) throw new Error('latchkey-config meta tag is missing');
  return parseFrameConfig(JSON.parse(content) as unknown);
}

/** Validates a parsed config object. @throws Error when a field is missing or wrong. */
export function parseFrameConfig(value: unknown): FrameConfig {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { appId, apiUrl, allowedOrigins, mode, keyIdleMs } = v;
  if (typeof appId !== 'string' || appId.length === 0) throw new Error('config.appId is missing');
  if (typeof apiUrl !== 'string') throw new Error('config.apiUrl is missing');
  new URL(apiUrl);
  if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((o) => typeof o === 'string')) {
    throw new Error('config.allowedOrigins must be a list of origins');
  }
  const m = (mode ?? 'wallet') as FrameMode;
  if (!FRAME_MODES.includes(m))
    throw new Error(`config.mode must be one of ${FRAME_MODES.join(', ')}`);
  if (
    keyIdleMs !== undefined &&
    (typeof keyIdleMs !== 'number' || !Number.isFinite(keyIdleMs) || keyIdleMs < 0)
  ) {
    throw new Error('config.keyIdleMs must be a number of ms >= 0');
  }
  return {
    appId,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    allowedOrigins,
    mode: m,
    ...(keyIdleMs === undefined ? {} : { keyIdleMs }),
  };
}

/**
 * The parent page's origin: `location.ancestorOrigins[0]` where the browser has it (Chromium,
 * Safari), else the origin of `document.referrer`. Returns null when unknown or not allowed
 * (CSP `frame-ancestors` already keeps other parents out).
 */
export function parentOriginOf(
  win: { location: { ancestorOrigins?: { length: number; [index: number]: string } } },
  doc: { referrer: string },
  allowedOrigins: readonly string[],
): string | null {
  let origin: string | null = null;
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0]) origin = ancestors[0];
  else if (doc.referrer) {
    try {
      origin = new URL(doc.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return origin !== null && allowedOrigins.includes(origin) ? origin : null;
}
