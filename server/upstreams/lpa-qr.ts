/**
 * The eSIM install QR as a PNG, drawn from its LPA string. qrcode is loaded on first use:
 * most nodes never draw one, and start-up should not pay for it.
 */
export async function lpaQrPng(lpa: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(lpa, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A provider's QR answer is used only when it really is a PNG. */
export function isPng(buf: Buffer): boolean {
  return buf.length > PNG_SIGNATURE.length && buf.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}
