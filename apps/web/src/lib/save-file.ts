import type { DownloadedFile } from './api-client';

/**
 * Hands a downloaded file to the browser to save, under the server's name (or `fallbackName`).
 * The object URL is released once the browser has taken the file.
 */
export function saveFile({ blob, fileName }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
