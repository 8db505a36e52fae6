/**
 * An e-mail address the node writes to (report recipients, reconciliation operators, the
 * reports' From): one @, a dot in the domain, no spaces and no angle brackets, so a bare
 * address (`ops@shop.ng`), never a display form (`Ops <ops@shop.ng>`) that would land in a mail
 * header as written. The node's rule, which the console checks before sending.
 */
export function isEmailAddress(text: string): boolean {
  return /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(text);
}

/**
 * A domain that is an IP address: a literal in brackets (`[127.0.0.1]`, `[IPv6:::1]`) or a bare
 * IPv4 address (no top-level domain is all digits).
 */
function isIpDomain(domain: string): boolean {
  return domain.startsWith('[') || domain.endsWith(']') || /(^|\.)\d+$/.test(domain);
}

/**
 * Why the node will not save `text` as a recipient, in words that follow the quoted address
 * (`"x" is not an e-mail address`); null when it will. An address at an IP address is refused:
 * the mail server would deliver the day's sales straight to that host, past the domain's own
 * mail servers and their checks, which no operator's mailbox needs and which would let a
 * console user aim mail at machines on the node's network.
 */
export function recipientProblem(text: string): string | null {
  const at = text.lastIndexOf('@');
  if (at > 0 && !text.slice(0, at).includes('@') && isIpDomain(text.slice(at + 1)))
    return 'is not an address the node sends to: its domain is an IP address, which would have the mail server deliver straight to that host instead of through the domain’s mail servers; use an address at a domain name';
  return isEmailAddress(text) ? null : 'is not an e-mail address';
}
