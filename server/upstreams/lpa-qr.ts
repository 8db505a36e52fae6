/**
 * The eSIM install QR as a PNG, drawn from its LPA string. qrcode is loaded on first use:
 * most nodes never draw one, and start-up should not pay for it.
 */
export async function lpaQrPng(lpa: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(lpa, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
