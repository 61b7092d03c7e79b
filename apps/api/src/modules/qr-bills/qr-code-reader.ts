import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { QR_BILL_LIMITS } from '@saldopilot/shared';
import type * as ZXing from 'zxing-wasm/reader';
import { AppError } from '../../lib/app-error.js';

/**
 * Finds the QR codes of an uploaded QR-bill (docs/qr-bills.md "Reading the code"): a PNG or JPEG is
 * decoded by zxing-wasm itself; a PDF's first pages are rendered with pdf.js (legacy build, Node)
 * onto an @napi-rs/canvas bitmap and read from there. Nothing is fetched: the WebAssembly binary is
 * read from the installed package, pdf.js gets no font, CMap or wasm address and evaluates no code.
 */

const require = createRequire(import.meta.url);

export const qrReaderMessages = {
  notAFile: 'Die Datei ist kein PDF, PNG oder JPEG. Bitte laden Sie eine QR-Rechnung als PDF oder Bild hoch.',
  damagedPdf: 'Die PDF-Datei ist beschädigt und kann nicht gelesen werden.',
  damagedImage: 'Das Bild ist beschädigt und kann nicht gelesen werden.',
  tooManyPages: (pages: number) =>
    `Die PDF-Datei hat ${pages} Seiten; gelesen werden QR-Rechnungen mit höchstens ${QR_BILL_LIMITS.pdfPages} Seiten.`,
  tooManyPixels: 'Das Bild ist zu gross (mehr als 40 Megapixel). Bitte laden Sie einen kleineren Scan hoch.',
  noCode: (kind: 'pdf' | 'image') =>
    kind === 'pdf'
      ? 'In der PDF-Datei wurde kein QR-Code gefunden. Ist der Zahlteil der QR-Rechnung enthalten?'
      : 'Im Bild wurde kein QR-Code gefunden. Bitte laden Sie einen schärferen Scan des Zahlteils hoch.',
  damagedCode:
    'Der QR-Code ist beschädigt und kann nicht gelesen werden (Fehlerkorrektur reicht nicht). Bitte laden Sie die Originaldatei hoch.',
} as const;

export type QrFileKind = 'pdf' | 'png' | 'jpeg';

/** The file's kind by its first bytes, not by what the client claims. */
export function fileKindOf(bytes: Uint8Array): QrFileKind | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return undefined;
}

/**
 * Width × height from the header (PNG IHDR, JPEG SOFn), so that a small file claiming a giant
 * bitmap is refused before anything is decoded; undefined when the header cannot be found.
 */
export function pixelsOf(bytes: Uint8Array, kind: 'png' | 'jpeg'): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') return bytes.length < 24 ? undefined : view.getUint32(16) * view.getUint32(20);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    // SOF0–SOF15 carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return view.getUint16(offset + 5) * view.getUint16(offset + 7);
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}

type ZXingReader = typeof ZXing;
let zxing: Promise<ZXingReader> | undefined;

/** zxing-wasm with its binary from node_modules (by default it would fetch it from a CDN). */
function reader(): Promise<ZXingReader> {
  zxing ??= import('zxing-wasm/reader').then(async (module) => {
    const file = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    await module.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return module;
  });
  return zxing;
}

/** Loads pdf.js, the canvas and zxing-wasm, so that the first file's time is its own (qr-read-worker.ts). */
export async function loadQrReading(): Promise<void> {
  await Promise.all([reader(), import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]);
}

/** What a file's QR codes say: the texts of the readable ones, and whether a code was found but unreadable. */
export interface CodesFound {
  texts: string[];
  damaged: boolean;
}

const READ_OPTIONS = {
  formats: ['QRCode'],
  tryHarder: true,
  returnErrors: true,
  maxNumberOfSymbols: 4,
} satisfies Parameters<ZXingReader['readBarcodes']>[1];

type ReadInput = Parameters<ZXingReader['readBarcodes']>[0];

async function codesIn(input: ReadInput): Promise<CodesFound> {
  const results = await (await reader()).readBarcodes(input, READ_OPTIONS);
  return {
    texts: results.filter((result) => result.isValid).map((result) => result.text),
    damaged: results.some((result) => !result.isValid),
  };
}

/**
 * The renderings of a page, in turn, until one holds a readable code (docs/qr-bills.md "Speed"): its
 * lower half first (the payment part is the bottom 105 mm of an A4 page; half a page leaves room for
 * a code placed higher), then the whole page, both at about 150 dpi on A4 (long side 1,800 px: a
 * code of 46 mm is ~280 px, 3–4 px per module), then the whole page at 200 dpi (2,400 px: a small or
 * printed-and-scanned code). Rendering and copying the bitmap are most of a read's time, and they
 * grow with the pixels drawn; pdf.js keeps the page's parsed content for the next rendering.
 */
const RENDERINGS = [
  { longSide: 1800, lowerPart: 0.5 },
  { longSide: 1800, lowerPart: 1 },
  { longSide: 2400, lowerPart: 1 },
] as const;

async function codesInPdf(bytes: Uint8Array): Promise<CodesFound> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  let document;
  try {
    document = await pdfjs.getDocument({
      // pdf.js takes ownership of the buffer: a copy keeps the request's body intact.
      data: bytes.slice(),
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      disableAutoFetch: true,
      disableStream: true,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', qrReaderMessages.damagedPdf, { cause: error });
  }
  try {
    if (document.numPages > QR_BILL_LIMITS.pdfPages) {
      throw new AppError('VALIDATION_FAILED', qrReaderMessages.tooManyPages(document.numPages));
    }
    let damaged = false;
    // The payment part is usually on the last page: read from there.
    for (let number = document.numPages; number >= 1; number -= 1) {
      const page = await document.getPage(number);
      const unscaled = page.getViewport({ scale: 1 });
      for (const { longSide, lowerPart } of RENDERINGS) {
        const viewport = page.getViewport({ scale: longSide / Math.max(unscaled.width, unscaled.height) });
        const width = Math.ceil(viewport.width);
        const height = Math.ceil(viewport.height * lowerPart);
        const canvas = createCanvas(width, height);
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, width, height);
        await page.render({
          canvas: canvas as unknown as HTMLCanvasElement,
          canvasContext: context as unknown as CanvasRenderingContext2D,
          viewport,
          // Shifted up, so that the canvas holds the page's lower part; the rest is clipped away.
          transform: [1, 0, 0, 1, 0, height - Math.ceil(viewport.height)],
        }).promise;
        const image = context.getImageData(0, 0, width, height);
        const found = await codesIn({
          data: image.data as Uint8ClampedArray<ArrayBuffer>,
          width: image.width,
          height: image.height,
          colorSpace: 'srgb',
        });
        if (found.texts.length > 0) return found;
        damaged ||= found.damaged;
      }
      page.cleanup();
    }
    return { texts: [], damaged };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', qrReaderMessages.damagedPdf, { cause: error });
  } finally {
    await document.destroy();
  }
}

/** The QR codes of a PDF, PNG or JPEG (its kind read from its bytes); German 400s for what cannot be read. */
export async function readQrCodes(bytes: Uint8Array): Promise<CodesFound> {
  const kind = fileKindOf(bytes);
  if (kind === undefined) throw new AppError('VALIDATION_FAILED', qrReaderMessages.notAFile);
  if (kind === 'pdf') return codesInPdf(bytes);
  const pixels = pixelsOf(bytes, kind);
  if (pixels === undefined) throw new AppError('VALIDATION_FAILED', qrReaderMessages.damagedImage);
  if (pixels > QR_BILL_LIMITS.imagePixels) throw new AppError('VALIDATION_FAILED', qrReaderMessages.tooManyPixels);
  return codesIn(bytes);
}
