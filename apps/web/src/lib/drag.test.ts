import { describe, expect, it } from 'vitest';
import { clampToViewport } from './drag';

const viewport = { width: 1000, height: 800 };
const dialog = { left: 300, top: 200, width: 400, height: 300 };

describe('clampToViewport', () => {
  it('keeps an offset that stays inside', () => {
    expect(clampToViewport({ x: 50, y: -100 }, dialog, viewport)).toEqual({ x: 50, y: -100 });
  });

  it('stops at every edge', () => {
    expect(clampToViewport({ x: -500, y: -500 }, dialog, viewport)).toEqual({ x: -300, y: -200 });
    expect(clampToViewport({ x: 500, y: 500 }, dialog, viewport)).toEqual({ x: 300, y: 300 });
  });

  it('pins a dialog larger than the viewport to the top-left edge', () => {
    expect(clampToViewport({ x: 40, y: 40 }, { left: 0, top: 0, width: 1200, height: 900 }, viewport)).toEqual({
      x: 0,
      y: 0,
    });
  });
});
