import { useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useMatches } from 'react-router';
import { formatDocumentTitle, useDocumentTitle, useRobotsNoindex, type RouteHandle } from '../lib/document-title';

function handleOf(match: { handle: unknown }): RouteHandle | undefined {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : undefined;
}

/**
 * The page a screen reader should hear of after a navigation: a browser announces a new document,
 * but not a new page of a single-page app. Empty until the title first changes.
 */
function usePageAnnouncement(title: string | undefined): string {
  const [shown, setShown] = useState(title);
  const [announcement, setAnnouncement] = useState('');
  if (title !== shown) {
    setShown(title);
    setAnnouncement(formatDocumentTitle(title));
  }
  return announcement;
}

/**
 * Sets the document title (and the robots note) from the deepest matched route that names one, and
 * announces it after a navigation. One place instead of an effect per page: nested pages (settings
 * tabs) would otherwise race their parents.
 */
export function DocumentTitle() {
  const handles = useMatches().map(handleOf);
  const title = handles.map((handle) => handle?.title).findLast((candidate) => candidate !== undefined);
  useDocumentTitle(title);
  useRobotsNoindex(handles.some((handle) => handle?.noindex === true));
  const announcement = usePageAnnouncement(title);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic>
      {announcement}
    </VisuallyHidden>
  );
}
