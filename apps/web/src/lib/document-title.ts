import { useEffect } from 'react';

const productName = 'SaldoPilot';

/** What a route module may export as `handle`; the deepest matched route's title wins. */
export interface RouteHandle {
  /** The German page title, shown as "{title} - SaldoPilot". */
  title?: string;
  /** Pages opened from a mailed link: search engines must neither list nor follow them. */
  noindex?: boolean;
}

/** The page title rule of docs/product.md "Application shell": "{page title} - {product name}", or just the product name. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} - ${productName}` : productName;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}

/** Adds `<meta name="robots" content="noindex,nofollow">` while `noindex` holds, removes it after. */
export function useRobotsNoindex(noindex: boolean): void {
  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex,nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, [noindex]);
}
