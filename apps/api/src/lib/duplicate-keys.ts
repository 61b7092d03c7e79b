/**
 * Finds a key that one JSON object names twice. `JSON.parse` keeps the last value silently, and a
 * reviver only sees the merged object, so the text itself is scanned: one pass that jumps from
 * quote to quote inside strings (`indexOf`) and keeps, per open object, the set of its keys. A key
 * with an escape is decoded first, so "a" and "\u0061" are the same key, as they are to the parser.
 *
 * The text must be valid JSON (scan it after `JSON.parse` accepted it).
 * Answers the key and its path in the body (`updates.3.month`, as validation names fields), or
 * undefined when every object's keys differ.
 */
export function findDuplicateKey(text: string): { key: string; path: string } | undefined {
  // One frame per open object (its keys so far and the key being read) or array (the index).
  const frames: (ObjectFrame | { index: number })[] = [];
  let expectingKey = false;
  const length = text.length;
  let at = 0;
  while (at < length) {
    const char = text.charCodeAt(at);
    if (char === QUOTE) {
      const end = closingQuote(text, at);
      if (expectingKey) {
        const raw = text.slice(at + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(at, end + 1)) as string) : raw;
        const frame = frames[frames.length - 1] as ObjectFrame;
        frame.key = key;
        if (seen(frame, key)) return { key, path: pathOf(frames) };
        expectingKey = false;
      }
      at = end + 1;
      continue;
    }
    if (char === OPEN_OBJECT) {
      frames.push({ keys: [], set: undefined, key: '' });
      expectingKey = true;
    } else if (char === OPEN_ARRAY) {
      frames.push({ index: 0 });
      expectingKey = false;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      // An empty object closes while a key was expected.
      frames.pop();
      expectingKey = false;
    } else if (char === COMMA) {
      const frame = frames[frames.length - 1]!;
      if ('index' in frame) frame.index += 1;
      else expectingKey = true;
    }
    at += 1;
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** The index of the quote that ends the string opened at `start` (one preceded by an even run of backslashes). */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** An open object: its keys so far (a list while short, a set beyond) and the key being read. */
interface ObjectFrame {
  keys: string[];
  set: Set<string> | undefined;
  key: string;
}

/** A list is faster than a set for the few keys most objects have. */
const LIST_MAX = 16;

/** Whether the object already has `key`; remembers it. */
function seen(frame: ObjectFrame, key: string): boolean {
  if (frame.set) {
    if (frame.set.has(key)) return true;
    frame.set.add(key);
    return false;
  }
  if (frame.keys.includes(key)) return true;
  frame.keys.push(key);
  if (frame.keys.length > LIST_MAX) frame.set = new Set(frame.keys);
  return false;
}

function pathOf(frames: readonly (ObjectFrame | { index: number })[]): string {
  return frames.map((frame) => ('index' in frame ? String(frame.index) : frame.key)).join('.');
}
