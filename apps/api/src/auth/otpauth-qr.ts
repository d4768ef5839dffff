import QRCode from "qrcode";

/**
 * The `otpauth://` link as a QR code, an SVG document drawn on the server (the back-office's /login
 * bundle carries no QR library): dark modules on white, 4 modules of quiet zone, error correction M.
 */
export function otpauthQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}
