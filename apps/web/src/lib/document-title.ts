import { useEffect } from 'react';

const productName = 'SaldoPilot';

/** What a route module may export as `handle`; the deepest matched route's title wins. */
export interface RouteHandle {
  /** The German page title, shown as "{title} - SaldoPilot". */
  title?: string;
}

/** The spec's page title rule: "{page title} - {product name}", or just the product name. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} - ${productName}` : productName;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
