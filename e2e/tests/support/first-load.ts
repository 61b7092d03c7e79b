import type { Page } from '@playwright/test';

export interface FirstLoad {
  requests: number;
  bytes: number;
  files: { url: string; bytes: number }[];
}

/**
 * Loads `path` in a fresh page with the cache off and sums what went over the wire (headers and
 * compressed bodies, as Chromium reports them), once the page is idle.
 */
export async function measureFirstLoad(page: Page, path: string, ready: () => Promise<void>): Promise<FirstLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes = new Map<string, { url: string; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (event) => sizes.set(event.requestId, { url: event.request.url, bytes: 0 }));
  cdp.on('Network.loadingFinished', (event) => {
    const entry = sizes.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready();
  await page.waitForLoadState('networkidle');
  const files = [...sizes.values()];
  return { requests: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
}
