/** Where a dragged dialog may sit: its rectangle moved by `offset` stays inside the viewport. */
export interface Offset {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Clamps the offset of a dragged element so the element stays fully in the viewport (docs/product.md "Overlays, toasts and dialogs": "kept
 * in the viewport"). `rect` is the element's position without offset. An element larger than the
 * viewport is pinned to the top-left edge so that its header (the drag handle) stays reachable.
 */
export function clampToViewport(offset: Offset, rect: Rect, viewport: { width: number; height: number }): Offset {
  const clampAxis = (value: number, start: number, size: number, space: number) => {
    const min = start === 0 ? 0 : -start;
    const max = space - size - start;
    if (max < min) return min;
    return Math.min(max, Math.max(min, value));
  };
  return {
    x: clampAxis(offset.x, rect.left, rect.width, viewport.width),
    y: clampAxis(offset.y, rect.top, rect.height, viewport.height),
  };
}
