/** PLACEHOLDER for issue 6: replaced by the screen's real component. */
export default function AffirmativeConsent() {
  return null;
}
