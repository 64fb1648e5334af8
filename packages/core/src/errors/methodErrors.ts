/**
 * The shape of one login method's part of the error table (issue 11; spec section 8): the data
 * of `methods/<id>/errors.ts`, listed in `METHOD_ERRORS` (`../methods/links.ts`) and merged into
 * `ERROR_TABLE` (`./table.ts`). The method's client-only codes are a separate list of the same
 * file, `<id>ClientErrorCodes` in `METHOD_CLIENT_ERROR_CODES`, so that they stay out of the
 * eager bundle (only `CLIENT_ERROR_CODES` reads them). Plain data with no
 * import, so the registry stays a leaf that the catalogue and the table read without a cycle;
 * `./table.ts` checks the message keys, codes and screens against the real types.
 *
 * @typeParam Key - A message key of the catalogue (`keyof Messages` once merged).
 * @typeParam Code - An error code (`LatchkeyErrorCode` once merged).
 * @typeParam Screen - A screen name (`ScreenName`).
 */
export type MethodErrors<
  Key extends string = string,
  Code extends string = string,
  Screen extends string = string,
> = {
  /**
   * The method's id as `ErrorScreenContext.method` and `errorTextFor(err, method, m)` spell it
   * (`ErrorMethod` is the union of these).
   */
  method: string;
  /** Rows of the codes the method owns, as `ERROR_TABLE` rows with message keys for texts. */
  rows?: { readonly [C in Code]?: MethodErrorRow<Key, Screen> };
  /**
   * Code (the method's or a shared one) -> the one-line text the method's own screen shows
   * (`ERROR_TABLE[code].inline[method]`, read by `errorTextFor`). A code with neither a shared
   * row nor one in `rows` gets the default texts on the error screen.
   */
  inline?: { readonly [C in Code]?: Key };
};

/** One row of {@link MethodErrors}: an `ERROR_TABLE` row whose texts are message keys. */
export type MethodErrorRow<Key extends string = string, Screen extends string = string> = {
  /** The screen the error leads to; ERROR_SCREEN when absent. */
  screen?: Screen;
  title: Key;
  detail: Key;
  /** The call to action; 'Try again' when absent. */
  cta?: Key;
  /**
   * The row applies only when this holds (otherwise the code has no row), e.g.
   * `(ctx) => ctx.method === 'passkey'` for a shared code that means something else elsewhere.
   */
  when?: (ctx: { method?: string | undefined }) => boolean;
};
