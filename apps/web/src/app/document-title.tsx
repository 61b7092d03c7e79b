import { useMatches } from 'react-router';
import { useDocumentTitle, useRobotsNoindex, type RouteHandle } from '../lib/document-title';

function handleOf(match: { handle: unknown }): RouteHandle | undefined {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : undefined;
}

/**
 * Sets the document title (and the robots note) from the deepest matched route that names one. One
 * place instead of an effect per page: nested pages (settings tabs) would otherwise race their parents.
 */
export function DocumentTitle() {
  const handles = useMatches().map(handleOf);
  useDocumentTitle(handles.map((handle) => handle?.title).findLast((title) => title !== undefined));
  useRobotsNoindex(handles.some((handle) => handle?.noindex === true));
  return null;
}
