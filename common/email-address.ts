/**
 * An e-mail address the node writes to (report recipients, reconciliation operators, the
 * reports' From): one @, a dot in the domain, no spaces and no angle brackets, so a bare
 * address (`ops@shop.ng`), never a display form (`Ops <ops@shop.ng>`) that would land in a mail
 * header as written. The node's rule, which the console checks before sending.
 */
export function isEmailAddress(text: string): boolean {
  return /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(text);
}
