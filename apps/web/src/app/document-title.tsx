import { useMatches } from 'react-router';
import { useDocumentTitle, type RouteHandle } from '../lib/document-title';

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle).title : undefined;
}

/**
 * Sets the document title from the deepest matched route that names one. One place instead of
 * an effect per page: nested pages (settings tabs) would otherwise race their parents.
 */
export function DocumentTitle() {
  const title = useMatches()
    .map((match) => titleOf(match.handle))
    .findLast((candidate) => candidate !== undefined);
  useDocumentTitle(title);
  return null;
}
