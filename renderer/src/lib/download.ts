/**
 * Has the browser download `href` (a same-origin link the node answers as an attachment), as
 * a click on an `<a download>` would: the page stays where it is.
 */
export function downloadLink(href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = '';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}
